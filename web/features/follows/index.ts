/** The social feature's public entry: the follow button and profile actions, the writer row and the queries /friends and /settings read. */
export { FollowButton, type FollowState } from './FollowButton';
export { BlockedNotice, ProfileActions } from './ProfileActions';
export { WriterRow } from './WriterRow';
export {
  blocksQuery,
  followersQuery,
  followingQuery,
  followSettingsQuery,
  friendsQuery,
  mutesQuery,
  relationshipQuery,
  requestsQuery,
  searchQuery,
  suggestionsQuery,
  useAcceptRequest,
  useDeclineRequest,
  useRemoveFollower,
  useSaveFollowSettings,
  useUnblock,
  useUnmute,
} from './api';
