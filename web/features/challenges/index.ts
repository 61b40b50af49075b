/** The challenges feature's public entry: the own profile's personal challenges. */
export { PersonalChallenges } from './PersonalChallenges';
