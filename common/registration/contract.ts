import { z } from 'zod';
import { USER_NOT_FOUND } from '../profile/profile';
import {
  approvalDecisionSchema,
  inviteCreateSchema,
  inviteListSchema,
  inviteSchema,
  REGISTRATION_TEXTS,
  registrationInfoQuerySchema,
  registrationInfoSchema,
  registrationSettingsSchema,
  registrationUpdateSchema,
} from './registration';
import { defineRoute } from '../contracts/define';
import { dashedId, userId } from '../contracts/params';

/** Where the admins' registration router is mounted (server/app.ts), beside other routers of /api/admin. */
export const ADMIN_REGISTRATION_BASE = '/api/admin';

const inviteParamsSchema = z.object({ id: dashedId(REGISTRATION_TEXTS.inviteGone) });
const waitingUserParamsSchema = z.object({ uid: userId(USER_NOT_FOUND) });

/** Who may join (common/registration/registration.ts), admins only: the mode and blocked domains, invites, approvals. */
export const adminRegistrationContracts = {
  settings: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/settings/registration', response: registrationSettingsSchema }),
  updateSettings: defineRoute({ access: 'admin', method: 'PATCH', path: '/api/admin/settings/registration', body: registrationUpdateSchema, response: registrationSettingsSchema }),
  invites: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/invites', response: inviteListSchema }),
  createInvite: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/invites', body: inviteCreateSchema, response: inviteSchema, status: 201 }),
  revokeInvite: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/invites/:id/revoke', params: inviteParamsSchema, response: inviteSchema }),
  /** Approves a waiting account, or declines it (the account is deleted); answers the decision. */
  decideApproval: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/users/:uid/approval', params: waitingUserParamsSchema, body: approvalDecisionSchema, response: approvalDecisionSchema }),
};

/** Where the login screen's registration question is mounted (server/app.ts). */
export const REGISTRATION_INFO_BASE = '/api/registration';

export const registrationInfoContracts = {
  /** Open to guests: the mode, and whether the invite (`?invite=CODE`) can be used (null without one). */
  info: defineRoute({ access: 'guest', method: 'GET', path: '/api/registration', query: registrationInfoQuerySchema, response: registrationInfoSchema }),
};
