import { Hono } from 'hono';
import { ADMIN_FEDERATION_BASE, FEDERATION_BASE, adminFederationContracts, federationContracts } from '@common/federation/contract';
import { authorizeAdmin } from '../../policy/admin';
import { federationAdmin, removeDomainRule, setDomainRule } from './admin';
import { reportRemoteAccount } from './report-remote';
import type { AppEnv, ServerContext } from '../../context';
import { contractRoutes } from '../../http/contract-routes';
import { contractGuard } from '../../http/guards';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { readStoredImage, storedImageResponse } from '../avatars';
import { REMOTE_AVATAR_ID_PATTERN, remoteAvatarStorageKey } from './remote-avatars';
import {
  federationSettings,
  followRemote,
  remoteFollowers,
  remoteFollowing,
  remoteStories,
  storyFediverseReactions,
  removeRemoteFollowerOf,
  unfollowRemote,
  updateFederationSettings,
} from './members';
import { blockRemote, remoteBlocks, unblockRemote } from './blocks';
import { sendReply } from './outgoing-replies';

/** /api/federation (common/federation/contract.ts): a member's part in the fediverse. */
export function federationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, FEDERATION_BASE);
  const limited = [rateLimit(ctx, 'followActions')];

  routes.signedIn(federationContracts.settings, [], (_request, c) => federationSettings(ctx, c.var.viewer.uid));
  routes.signedIn(federationContracts.updateSettings, [], ({ body }, c) => updateFederationSettings(ctx, c.var.viewer.uid, body));
  routes.signedIn(federationContracts.followers, [], (_request, c) => remoteFollowers(ctx, c.var.viewer.uid));
  routes.signedIn(federationContracts.removeFollower, limited, async ({ body }, c) => removeRemoteFollowerOf(ctx, c.var.viewer.uid, body.id));
  routes.signedIn(federationContracts.following, [], (_request, c) => remoteFollowing(ctx, c.var.viewer.uid));
  routes.signedIn(federationContracts.follow, limited, ({ body }, c) => followRemote(ctx, c.var.viewer.uid, body.handle));
  routes.signedIn(federationContracts.unfollow, limited, async ({ body }, c) => unfollowRemote(ctx, c.var.viewer.uid, body.id));
  routes.signedIn(federationContracts.blocks, [], (_request, c) => remoteBlocks(ctx, c.var.viewer.uid));
  routes.signedIn(federationContracts.block, limited, ({ body }, c) => blockRemote(ctx, c.var.viewer.uid, body.id));
  routes.signedIn(federationContracts.unblock, limited, async ({ body }, c) => unblockRemote(ctx, c.var.viewer.uid, body.id));
  routes.signedIn(federationContracts.stories, [], (_request, c) => remoteStories(ctx, c.var.viewer.uid));
  routes.signedIn(federationContracts.reply, [rateLimit(ctx, 'comments')], async ({ body }, c) => {
    await sendReply(ctx, c.var.viewer.uid, body.inReplyTo, body.text);
    return remoteStories(ctx, c.var.viewer.uid);
  });
  routes.open(federationContracts.storyReactions, [], ({ params }, c) => storyFediverseReactions(ctx, c.var.viewer, params.id));

  return app;
}

/** /api/admin/federation: admins only (common/federation/contract.ts). */
export function adminFederationRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  const routes = contractRoutes(app, ADMIN_FEDERATION_BASE);
  // The admin check comes first, before the request is read: a member learns nothing of what an admin would send.
  const manage = [contractGuard(authorizeAdmin, 'manageFederation')];
  const writes = [...manage, rateLimit(ctx, 'adminWrites')];

  routes.signedIn(adminFederationContracts.overview, manage, () => federationAdmin(ctx));
  routes.signedIn(adminFederationContracts.setDomain, writes, ({ body }, c) => setDomainRule(ctx, c.var.user, body));
  routes.signedIn(adminFederationContracts.removeDomain, writes, ({ body }, c) => removeDomainRule(ctx, c.var.user, body.domain));
  routes.signedIn(adminFederationContracts.reportAccount, writes, ({ body }, c) => reportRemoteAccount(ctx, c.var.user, body));

  return app;
}

/**
 * /api/images/remote/:id: our copy of a picture of an account on another server
 * (remote-avatars.ts), answered and cached as a profile image is. Public, like the picture on its
 * own server, and mounted before the session so no cookie rides on it.
 */
export function remoteAvatarRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();
  app.get('/remote/:id', async (c) => {
    const id = c.req.param('id');
    if (!REMOTE_AVATAR_ID_PATTERN.test(id)) throw notFound('Image not found');
    return storedImageResponse(c, await readStoredImage(ctx, remoteAvatarStorageKey(id)));
  });
  return app;
}
