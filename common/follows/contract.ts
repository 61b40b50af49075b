import { z } from 'zod';
import { USER_NOT_FOUND } from '../profile/profile';
import {
  followSettingsSchema,
  relationshipResponseSchema,
  writerPageQuerySchema,
  writerPageSchema,
  writerSearchQuerySchema,
  writerSuggestionsSchema,
} from './follows';
import { defineRoute } from '../contracts/define';
import { userId } from '../contracts/params';
import { okResponseSchema } from '../contracts/answers';

/** Where the follows router is mounted (server/app.ts): its routes sit under /api/users, /api/follows, /api/followers, /api/me and /api/writers. */
export const FOLLOWS_BASE = '/api';

const writerParamsSchema = z.object({ uid: userId(USER_NOT_FOUND) });

/** The follow graph (common/follows/follows.ts, docs/decisions/0013-follows.md). Signed in unless said. */
export const followContracts = {
  /** Open to guests (theirs holds nothing but the counts): the follow button's state and the counts. */
  relationship: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid/relationship', params: writerParamsSchema, response: relationshipResponseSchema }),
  /** Open to guests, where the profile is visible to them. */
  following: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid/following', params: writerParamsSchema, query: writerPageQuerySchema, response: writerPageSchema }),
  /** Open to guests, where the profile is visible to them. */
  followers: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid/followers', params: writerParamsSchema, query: writerPageQuerySchema, response: writerPageSchema }),
  /** Requests to follow the reader, newest first. */
  requests: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/follows/requests', query: writerPageQuerySchema, response: writerPageSchema }),
  acceptRequest: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/follows/requests/:uid/accept', params: writerParamsSchema, response: okResponseSchema }),
  /** Silent to the requester. */
  declineRequest: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/follows/requests/:uid/decline', params: writerParamsSchema, response: okResponseSchema }),
  /** Follows, or sends a request when they approve new followers. */
  follow: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/follows/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
  /** Unfollows, or withdraws the request. */
  unfollow: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/follows/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
  /** Ends their follow of the reader: no block, and they are not told. */
  removeFollower: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/followers/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
  friends: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/friends', query: writerPageQuerySchema, response: writerPageSchema }),
  settings: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/follow-settings', response: followSettingsSchema }),
  changeSettings: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/follow-settings', body: followSettingsSchema, response: followSettingsSchema }),
  /** Writers by name. */
  search: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/writers/search', query: writerSearchQuerySchema, response: writerPageSchema }),
  /** Writers followed by the people the reader follows, ranked by how many. */
  suggestions: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/writers/suggestions', response: writerSuggestionsSchema }),
};
