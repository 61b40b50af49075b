import { z } from 'zod';
import { myBadgesResponseSchema, userBadgesResponseSchema } from './badges';
import { USER_NOT_FOUND } from '../profile/profile';
import { defineRoute } from '../contracts/define';
import { userId } from '../contracts/params';

/** Where the badges router is mounted (server/app.ts), with other routers of /api. */
export const BADGES_BASE = '/api';

/** Badge lists. There is deliberately no list across writers: no leaderboard. */
export const badgeContracts = {
  /** A profile's earned badges; guests too (404 where the profile may not be read). */
  user: defineRoute({ access: 'guest', method: 'GET', path: '/api/users/:uid/badges', params: z.object({ uid: userId(USER_NOT_FOUND) }), response: userBadgesResponseSchema }),
  /** The writer's own catalogue, locked badges included. Needs a session. */
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/badges', response: myBadgesResponseSchema }),
};
