import { reportCreatedSchema, reportCreateSchema } from '../moderation/moderation';
import { reportedQuerySchema, reportedSchema } from './report-state';
import { defineRoute } from '../contracts/define';

/** Where the reports router is mounted (server/app.ts). */
export const REPORTS_BASE = '/api/reports';

/** /api/reports: a signed-in reader reports a story, comment, profile or message. Both need a session. */
export const reportContracts = {
  /** 400 `cannot_report_own` for one's own content, 409 for something already reported by them. */
  create: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/reports', body: reportCreateSchema, response: reportCreatedSchema, status: 201 }),
  /** Which of these ids (comma-separated, of one kind) the reader has reported: their Report controls read "Reported". */
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/reports/mine', query: reportedQuerySchema, response: reportedSchema }),
};
