import { z } from 'zod';
import {
  fediverseReactionsSchema,
  domainRefSchema,
  domainRuleSchema,
  federationAdminSchema,
  federationSettingsSchema,
  federationSettingsUpdateSchema,
  remoteAccountRefSchema,
  remoteBlockListSchema,
  remoteReplyCreateSchema,
  remoteFollowSchema,
  remoteFollowerListSchema,
  remoteFollowingListSchema,
  remoteReportSchema,
  remoteReportSentSchema,
  remoteStoryListSchema,
} from './federation';
import { defineRoute } from '../contracts/define';

/** Where the federation router is mounted (server/app.ts). */
export const FEDERATION_BASE = '/api/federation';

/** /api/federation: a member's part in the fediverse. */
export const federationContracts = {
  settings: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/federation/settings', response: federationSettingsSchema }),
  updateSettings: defineRoute({ access: 'signedIn', method: 'PATCH', path: '/api/federation/settings', body: federationSettingsUpdateSchema, response: federationSettingsSchema }),
  followers: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/federation/followers', response: remoteFollowerListSchema }),
  /** Removes a follower on another server (their server is told with a Reject). */
  removeFollower: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/followers/remove', body: remoteAccountRefSchema, response: z.undefined(), status: 204 }),
  following: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/federation/following', response: remoteFollowingListSchema }),
  follow: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/following', body: remoteFollowSchema, response: remoteFollowingListSchema }),
  unfollow: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/following/remove', body: remoteAccountRefSchema, response: z.undefined(), status: 204 }),
  blocks: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/federation/blocks', response: remoteBlockListSchema }),
  /** Blocks an account on another server: it stops following and being followed, its replies to the member's stories go. */
  block: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/blocks', body: remoteAccountRefSchema, response: remoteBlockListSchema }),
  unblock: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/blocks/remove', body: remoteAccountRefSchema, response: z.undefined(), status: 204 }),
  /** Posts from the writers the member follows on other servers, newest first. */
  stories: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/federation/stories', response: remoteStoryListSchema }),
  /** Answers a post from a writer the member follows on another server; answers the posts again. */
  reply: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/federation/replies', body: remoteReplyCreateSchema, response: remoteStoryListSchema, status: 201 }),
  /** Open to whoever may read the story: its likes and boosts from other servers. */
  storyReactions: defineRoute({
    access: 'guest',
    method: 'GET',
    path: '/api/federation/stories/:id/reactions',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Story not found.') }),
    response: fediverseReactionsSchema,
  }),
};

/** Where the admins' federation router is mounted (server/app.ts). */
export const ADMIN_FEDERATION_BASE = '/api/admin/federation';

/** /api/admin/federation: domain blocks, the health of deliveries, and reports to other servers. */
export const adminFederationContracts = {
  overview: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/federation', response: federationAdminSchema }),
  setDomain: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/federation/domains', body: domainRuleSchema, response: federationAdminSchema }),
  removeDomain: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/federation/domains/remove', body: domainRefSchema, response: federationAdminSchema }),
  /** Reports an account on another server to that server (a Flag from this site's instance actor). */
  reportAccount: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/federation/reports', body: remoteReportSchema, response: remoteReportSentSchema }),
};
