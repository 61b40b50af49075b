export { revealDueContests } from './reveal';
export { ensureWeeklyContests } from './weekly';
export { contestOpenTo, contestsNotOver, revealedContests, summariesOf } from './queries';
