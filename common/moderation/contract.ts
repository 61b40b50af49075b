import { z } from 'zod';
import {
  REPORT_TEXTS,
  accountActionSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  bulkResolveResultSchema,
  bulkResolveSchema,
  caseActionSchema,
  caseDetailSchema,
  caseListQuerySchema,
  caseListSchema,
  caseVersionSchema,
  contentRemovalSchema,
  contentRemovedSchema,
  openReportCountsSchema,
  reopenCaseSchema,
  resolveCaseSchema,
} from './moderation';
import { USER_NOT_FOUND } from '../profile/profile';
import { defineRoute } from '../contracts/define';
import { recordId, userId } from '../contracts/params';

/** Where the moderation queue's router is mounted (server/app.ts). */
export const MODERATION_BASE = '/api/admin/reports';
/** Where the accounts router is mounted (server/app.ts). */
export const ADMIN_USERS_BASE = '/api/admin/users';
/** Where the direct removals router is mounted (server/app.ts). */
export const REMOVALS_BASE = '/api/admin/removals';

const caseParamsSchema = z.object({ id: recordId(REPORT_TEXTS.caseNotFound) });

/** /api/admin/reports: the moderation queue. Every change carries the case's version (409 when another admin changed it). */
export const moderationContracts = {
  list: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/reports', query: caseListQuerySchema, response: caseListSchema }),
  /** Open reports, in all and per kind of thing (the dashboard's card and the panel's Reports link). */
  counts: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/reports/counts', response: openReportCountsSchema }),
  bulkResolve: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/reports/resolve', body: bulkResolveSchema, response: bulkResolveResultSchema }),
  detail: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/reports/:id', params: caseParamsSchema, response: caseDetailSchema }),
  assign: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/reports/:id/assign', params: caseParamsSchema, body: caseVersionSchema, response: caseDetailSchema }),
  act: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/reports/:id/actions', params: caseParamsSchema, body: caseActionSchema, response: caseDetailSchema }),
  resolve: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/reports/:id/resolve', params: caseParamsSchema, body: resolveCaseSchema, response: caseDetailSchema }),
  reopen: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/reports/:id/reopen', params: caseParamsSchema, body: reopenCaseSchema, response: caseDetailSchema }),
};

const accountParamsSchema = z.object({ uid: userId(USER_NOT_FOUND) });

/** /api/admin/users: the accounts list, one person's page, and the account actions. */
export const adminUserContracts = {
  list: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/users', query: adminUsersQuerySchema, response: adminUserListSchema }),
  detail: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/users/:uid', params: accountParamsSchema, response: adminUserDetailSchema }),
  /** Answers with the person's page as it now is (also after a deletion). */
  act: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/users/:uid/actions', params: accountParamsSchema, body: accountActionSchema, response: adminUserDetailSchema }),
};

/** /api/admin/removals: an admin takes down a story or comment from its page or the user's page. */
export const removalContracts = {
  remove: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/removals', body: contentRemovalSchema, response: contentRemovedSchema }),
};
