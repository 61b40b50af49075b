import { readingPreferencesUpdateSchema } from '../stories/content-warnings';
import { meResponseSchema, preferencesUpdateSchema } from './user';
import { defineRoute } from '../contracts/define';

/** Where the me router is mounted (server/app.ts); other routers share the prefix. */
export const ME_BASE = '/api/me';

/** /api/me: the signed-in person's own users record. Every answer is the record again. */
export const meContracts = {
  /** The record with its favourites and where the live-event stream stood (`liveFrom`). */
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me', response: meResponseSchema }),
  /** Theme and accent colour. */
  preferences: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/preferences', body: preferencesUpdateSchema, response: meResponseSchema }),
  /** Content warnings the reader hides and "always show the text", both whole. */
  readingPreferences: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/me/reading-preferences', body: readingPreferencesUpdateSchema, response: meResponseSchema }),
  /** No body: the server stamps the time, and only the first one counts. */
  tutorialSeen: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/me/tutorial-seen', response: meResponseSchema }),
};
