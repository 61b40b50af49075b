export { revealDueContests } from './reveal';
export { ensureWeeklyContests } from './weekly';
export { contestOpenTo } from './queries';
