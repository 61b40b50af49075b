/**
 * What a tab is looking at, sent as GET /api/events?watch=…: the stream then carries that screen's
 * own events too, and the writer is not notified about the story they are reading. 'story:<id>' (the story page),
 * 'community' (public counts), 'profile:<uid>' (a profile's counts and its stories' counts).
 * Apart from the event schemas (live-events.ts watchTargetSchema checks with it) so a screen
 * can check a target without building every live event's schema on its first load.
 */
export const WATCH_TARGET_PATTERN = /^(story:[A-Za-z0-9_-]{1,64}|community|profile:[A-Za-z0-9_-]{1,128})$/;

export type WatchTarget = string;

export const isWatchTarget = (value: string): value is WatchTarget => WATCH_TARGET_PATTERN.test(value);
