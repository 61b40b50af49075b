import { z } from 'zod';
import { favoritesResponseSchema, pageQuerySchema, STORY_NOT_FOUND, storyPageSchema } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the favourites router is mounted (server/app.ts). */
export const FAVORITES_BASE = '/api/favorites';

const favoriteParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND) });

/** /api/favorites: the reader's favourited stories. All need a session. */
export const favoriteContracts = {
  /** The favourited stories still visible to the reader, most recently favourited first. */
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/favorites', query: pageQuerySchema, response: storyPageSchema }),
  /** Adds the story; the answer is every id the reader has favourited. */
  add: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/favorites/:id', params: favoriteParamsSchema, response: favoritesResponseSchema }),
  remove: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/favorites/:id', params: favoriteParamsSchema, response: favoritesResponseSchema }),
};
