import { feedMarkerInputSchema, feedMarkerResponseSchema, feedNewCountQuerySchema, feedNewCountSchema, feedPageSchema, feedQuerySchema } from '../follows/follows';
import { defineRoute } from '../contracts/define';

/** Where the feed router is mounted (server/app.ts). */
export const FEED_BASE = '/api/feed';

/** /api/feed: the signed-in reader's feed of the writers and tags they follow. All need a session. */
export const feedContracts = {
  page: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/feed', query: feedQuerySchema, response: feedPageSchema }),
  /** How many stories are newer than `after` (the newest one shown), capped at FEED_NEW_COUNT_CAP. */
  newCount: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/feed/new-count', query: feedNewCountQuerySchema, response: feedNewCountSchema }),
  /** The reader has seen this story: the marker only ever moves forward. */
  marker: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/feed/marker', body: feedMarkerInputSchema, response: feedMarkerResponseSchema }),
};
