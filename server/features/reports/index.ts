/** The reports feature's public entry: how a profile reads in a snapshot (moderation compares with it). */
export { PROFILE_FIELDS, profileSnapshotText } from './snapshot';
