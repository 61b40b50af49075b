/**
 * The reports feature's public entry: how a profile reads in a snapshot (moderation compares
 * with it), what a reader may see of a reported thing (moderation names it to them so), and
 * reports from other servers (federation files them).
 */
export { captureTarget, profileSnapshotText, type CapturedTarget } from './snapshot';
export { PROFILE_FIELDS } from './profile-fields';
export { createServerReport, type ReportingServer } from './service';
