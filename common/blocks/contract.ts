import { z } from 'zod';
import { USER_NOT_FOUND } from '../profile/profile';
import { muteInputSchema, relationshipResponseSchema, writerPageSchema } from '../follows/follows';
import { pageQuerySchema } from '../stories/story';
import { defineRoute } from '../contracts/define';
import { userId } from '../contracts/params';

/** Where the blocks router is mounted (server/app.ts): its routes sit under /api/blocks and /api/mutes. */
export const BLOCKS_BASE = '/api';

const writerParamsSchema = z.object({ uid: userId(USER_NOT_FOUND) });

/** Blocking and muting writers, and their lists for /settings (common/follows/follows.ts). All need a session. */
export const blockContracts = {
  blocks: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/blocks', query: pageQuerySchema, response: writerPageSchema }),
  block: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/blocks/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
  unblock: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/blocks/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
  /** Each row says when its mute ends (`mutedUntil`, null: forever). */
  mutes: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/mutes', query: pageQuerySchema, response: writerPageSchema }),
  mute: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/mutes/:uid', params: writerParamsSchema, body: muteInputSchema, response: relationshipResponseSchema }),
  unmute: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/mutes/:uid', params: writerParamsSchema, response: relationshipResponseSchema }),
};
