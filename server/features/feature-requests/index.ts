/**
 * The feature-requests feature's public entry: what /messages does in a request's thread
 * (conversations/service.ts). Only thread.ts is behind it, which imports conversations
 * through its own entry: no module cycle.
 */
export { announceRequest, markRequestThreadRead, postInRequestThread } from './thread';
