import { z } from 'zod';
import { CHALLENGE_NOT_FOUND, challengeCreateSchema, challengeResponseSchema, challengesResponseSchema } from './challenges';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the challenges router is mounted (server/app.ts). */
export const CHALLENGES_BASE = '/api/me';

/** /api/me/challenges: the writer's own challenges (owner only; nobody else's are reachable). */
export const challengeContracts = {
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/me/challenges', response: challengesResponseSchema }),
  start: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/me/challenges', body: challengeCreateSchema, response: challengeResponseSchema, status: 201 }),
  giveUp: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/me/challenges/:id', params: z.object({ id: recordId(CHALLENGE_NOT_FOUND) }), response: challengeResponseSchema }),
};
