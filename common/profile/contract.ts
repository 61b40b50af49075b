import { z } from 'zod';
import { aboutMeUpdateSchema, detailsUpdateSchema, myStatsResponseSchema, profileIconUpdateSchema, pronounsUpdateSchema, publicProfileResponseSchema, USER_NOT_FOUND } from './profile';
import { pageQuerySchema, storyPageSchema } from '../stories/story';
import { meResponseSchema } from '../me/user';
import { defineRoute } from '../contracts/define';
import { userId } from '../contracts/params';

/** Where the own-profile router is mounted (server/app.ts), beside other routers of /api/me. */
export const PROFILE_BASE = '/api/me';

/**
 * /api/me: the signed-in writer's own profile. Every route acts on the session's user; there
 * is no way to name another (a uid in a body is an unknown key: 400). Each change answers the record.
 */
export const profileContracts = {
  icon: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/profile-icon', body: profileIconUpdateSchema, response: meResponseSchema }),
  about: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/about', body: aboutMeUpdateSchema, response: meResponseSchema }),
  pronouns: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/pronouns', body: pronounsUpdateSchema, response: meResponseSchema }),
  /** The Extended Profile section's five fields, together. */
  details: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/me/details', body: detailsUpdateSchema, response: meResponseSchema }),
  /** The writer's own figures and recent stories. */
  stats: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/stats', response: myStatsResponseSchema }),
};

/** Where the public profiles' router is mounted (server/app.ts). */
export const USERS_BASE = '/api/users';

const userParamsSchema = z.object({ uid: userId(USER_NOT_FOUND) });

/** /api/users: public profiles, open to guests like public stories (404 where the profile may not be read). */
export const userContracts = {
  profile: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid', params: userParamsSchema, response: publicProfileResponseSchema }),
  stories: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid/stories', params: userParamsSchema, query: pageQuerySchema, response: storyPageSchema }),
};
