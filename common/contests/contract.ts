import { z } from 'zod';
import {
  CONTEST_TEXTS,
  adminContestsSchema,
  contestEntryInputSchema,
  contestInputSchema,
  contestPageSchema,
  contestVoteResponseSchema,
  currentContestsSchema,
  disqualifyInputSchema,
  pastContestsSchema,
} from './contests';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';
import { okResponseSchema } from '../contracts/answers';

/** Where the contests router is mounted (server/app.ts). */
export const CONTESTS_BASE = '/api/contests';
/** Where the admins' contests router is mounted (server/app.ts). */
export const ADMIN_CONTESTS_BASE = '/api/admin/contests';

const contestParamsSchema = z.object({ id: recordId(CONTEST_TEXTS.notFound) });
// The contest's id first: a bad contest id is its 404 even when the entry's is bad too.
const entryParamsSchema = z.object({ id: recordId(CONTEST_TEXTS.notFound), storyId: recordId(CONTEST_TEXTS.entryNotFound) });

/** /api/contests: reading is open to guests; entering and voting need a session. */
export const contestContracts = {
  /** The contests not yet over, and the latest results. */
  current: defineRoute({ access: 'guest', method: 'GET', path: '/api/contests/current', response: currentContestsSchema }),
  /** The contests whose results are out, newest first. */
  past: defineRoute({ access: 'guest', method: 'GET', path: '/api/contests', response: pastContestsSchema }),
  page: defineRoute({ access: 'guest', method: 'GET', path: '/api/contests/:id', params: contestParamsSchema, response: contestPageSchema }),
  /** Enters or replaces the writer's entry; the page comes back whole. */
  enter: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/contests/:id/entry', params: contestParamsSchema, body: contestEntryInputSchema, response: contestPageSchema }),
  withdraw: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/contests/:id/entry', params: contestParamsSchema, response: contestPageSchema }),
  vote: defineRoute({ access: 'signedIn', method: 'PUT', path: '/api/contests/:id/votes/:storyId', params: entryParamsSchema, response: contestVoteResponseSchema }),
  unvote: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/contests/:id/votes/:storyId', params: entryParamsSchema, response: contestVoteResponseSchema }),
};

/** /api/admin/contests: the admins' screen. */
export const adminContestContracts = {
  list: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/contests', response: adminContestsSchema }),
  create: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/contests', body: contestInputSchema, response: z.object({ id: z.string() }), status: 201 }),
  edit: defineRoute({ access: 'admin', method: 'PATCH', path: '/api/admin/contests/:id', params: contestParamsSchema, body: contestInputSchema, response: okResponseSchema }),
  disqualify: defineRoute({
    access: 'admin',
    method: 'POST',
    path: '/api/admin/contests/:id/entries/:storyId/disqualify',
    params: entryParamsSchema,
    body: disqualifyInputSchema,
    response: okResponseSchema,
  }),
};
