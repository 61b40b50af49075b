/** The streaks feature's public entry: how saving a story counts towards the day and the streak, and the streak reminder. */
export { addWritingWords, loadProgress, resolveTimeZone } from './queries';
export { refreshStreak, syncStreakAndTell } from './service';
export { sendDueReminders } from './reminders';
