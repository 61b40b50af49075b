/** The challenges feature's public entry: a writer's "N words in D days". */
export { listChallenges } from './service';
