/** The streaks feature's public entry: how saving a story counts towards the day and the streak. */
export { addWritingWords, loadProgress, resolveTimeZone } from './queries';
export { refreshStreak, syncStreakAndTell } from './service';
