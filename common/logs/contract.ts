import { z } from 'zod';
import { clientLogSchema } from './client-log';
import { defineRoute } from '../contracts/define';

/** Where the logs router is mounted (server/app.ts). */
export const LOGS_BASE = '/api/logs';

/** /api/logs: events the browser records. */
export const logContracts = {
  /** Open to guests for crashes only (GUEST_LOG_TYPE); the user comes from the session, never the body. */
  record: defineRoute({ access: 'guest', method: 'POST', path: '/api/logs', body: clientLogSchema, response: z.undefined(), status: 204 }),
};
