/**
 * The follows feature's public entry: the relationship between two writers (profile, blocks),
 * ending every follow between them inside a block's transaction (after lockUsers), and writer
 * rows as every people list shows them.
 */
export { loadRelationship, lockUsers, removeFollowsBetween, type LockedUser } from './queries';
export { WRITER_COLUMNS, writerRows, type WriterUser } from './rows';
export { recordProfileCounts } from './live';
