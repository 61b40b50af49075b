/** The streaks feature's public entry: the daily goal and streak freezes, as home, the profile and the editor show them. */
export { DailyGoalForm } from './DailyGoalForm';
export { GoalMeter } from './GoalMeter';
export { FreezeCount, readableDay, StreakFreezesSection, useProgressFollowsRecord } from './StreakFreezes';
