/** The streaks feature's public entry: the daily goal, as home, the profile and the editor show it. */
export { DailyGoalForm } from './DailyGoalForm';
export { GoalMeter } from './GoalMeter';
