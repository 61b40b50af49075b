import { z } from 'zod';
import {
  GREETING_TEXTS,
  bulkEnabledResponseSchema,
  greetingCreateSchema,
  greetingDeletedSchema,
  greetingImportSchema,
  greetingListResponseSchema,
  greetingResponseSchema,
  greetingUpdateSchema,
  importSummarySchema,
  todayGreetingResponseSchema,
} from './greetings';
import { defineRoute } from '../contracts/define';
import { dashedId } from '../contracts/params';

/** Where the greetings router is mounted (server/app.ts). */
export const GREETINGS_BASE = '/api/greetings';
/** Where the Greetings Manager's router is mounted (server/app.ts). */
export const ADMIN_GREETINGS_BASE = '/api/admin/greetings';

/** /api/greetings: the greeting of the day for the signed-in home. */
export const greetingContracts = {
  today: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/greetings/today', response: todayGreetingResponseSchema }),
};

const greetingParamsSchema = z.object({ id: dashedId(GREETING_TEXTS.notFound) });

/**
 * /api/admin/greetings: the Greetings Manager. GET /api/admin/greetings/export, a CSV file,
 * is a plain link and has no contract.
 */
export const adminGreetingContracts = {
  list: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/greetings', response: greetingListResponseSchema }),
  create: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/greetings', body: greetingCreateSchema, response: greetingResponseSchema, status: 201 }),
  update: defineRoute({ access: 'admin', method: 'PATCH', path: '/api/admin/greetings/:id', params: greetingParamsSchema, body: greetingUpdateSchema, response: greetingResponseSchema }),
  remove: defineRoute({ access: 'admin', method: 'DELETE', path: '/api/admin/greetings/:id', params: greetingParamsSchema, response: greetingDeletedSchema }),
  enableAll: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/greetings/enable-all', response: bulkEnabledResponseSchema }),
  disableAll: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/greetings/disable-all', response: bulkEnabledResponseSchema }),
  /** What importing the file would do; nothing is written. */
  previewImport: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/greetings/import/preview', body: greetingImportSchema, response: importSummarySchema }),
  import: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/greetings/import', body: greetingImportSchema, response: importSummarySchema }),
};
