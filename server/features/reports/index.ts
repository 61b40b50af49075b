/**
 * The reports feature's public entry: how a profile reads in a snapshot (moderation compares
 * with it), and what a reader may see of a reported thing (moderation names it to them so).
 */
export { captureTarget, PROFILE_FIELDS, profileSnapshotText, type CapturedTarget } from './snapshot';
