import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { CONVERSATIONS_BASE, DIRECT_MESSAGES_BASE } from '@common/messages/contract';
import { STORIES_BASE } from '@common/stories/contract';
import { JSON_BODY_LIMIT_BYTES } from '@common/shared/limits';
import type { AppEnv, ServerContext } from './context';
import { createErrorHandler, errorResponse } from './http/errors';
import { headersAddedBy, refuseForeignOrigins, securityHeaders } from './http/security';
import { clientIp } from './http/client-ip';
import { forgetSessionUsersOnWrite, loadSession } from './auth/session';
import { refuseDeactivated } from './auth/deactivated';
import { authRoutes } from './auth/routes';
import { requireAdminTwoFactor, twoFactorRoutes } from './auth/two-factor-routes';
import { passkeyRoutes } from './auth/passkey-routes';
import { reservePasswordCheckFor } from './features/account/lockout';
import { eventRoutes } from './events/routes';
import type { OpenStreams } from './events/streams';
import { healthRoutes } from './features/health/routes';
import { meRoutes } from './features/me/routes';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { backupRoutes } from './features/backups/routes';
import { promptRoutes } from './features/prompts/routes';
import { storyRoutes } from './features/stories/routes';
import { isSharedCommunityPage } from './features/stories/community-page';
import { reactionRoutes } from './features/reactions/routes';
import { commentRoutes } from './features/comments/routes';
import { storyVersionRoutes } from './features/story-versions/routes';
import { favoriteRoutes } from './features/favorites/routes';
import { scheduleRoutes, scheduledStoriesRoutes } from './features/scheduled-publishing/routes';
import { SCHEDULE_BASE, SCHEDULED_STORIES_BASE } from '@common/scheduled-publishing/contract';
import { bookRoutes } from './features/books/routes';
import { readingListRoutes } from './features/reading-lists';
import { streakRoutes } from './features/streaks/routes';
import { calendarRoutes } from './features/calendar/routes';
import { challengeRoutes } from './features/challenges/routes';
import { adminFeatureRequestRoutes, featureRequestRoutes } from './features/feature-requests/routes';
import { conversationRoutes } from './features/messages/routes';
import { directMessageRoutes } from './features/messages/direct-routes';
import { notificationPrefsRoutes, notificationRoutes } from './features/notifications/routes';
import { digestRoutes, digestSettingsRoutes } from './features/digest/routes';
import { pushRoutes } from './features/push/routes';
import { adminGreetingRoutes, greetingRoutes } from './features/greetings/routes';
import { followRoutes } from './features/follows/routes';
import { blockRoutes } from './features/blocks/routes';
import { feedRoutes } from './features/feed/routes';
import { tagRoutes } from './features/tags/routes';
import { seriesRoutes } from './features/series/routes';
import { anthologyRoutes } from './features/anthologies/routes';
import { TAGS_BASE } from '@common/tags/contract';
import { SERIES_BASE } from '@common/series/contract';
import { ANTHOLOGIES_BASE } from '@common/anthologies/contract';
import { FEED_BASE } from '@common/feed/contract';
import { REPORTS_BASE } from '@common/reports/contract';
import { FAVORITES_BASE } from '@common/favorites/contract';
import { BOOKS_BASE } from '@common/books/contract';
import { READING_LISTS_BASE } from '@common/reading-lists/contract';
import { BLOCKS_BASE } from '@common/blocks/contract';
import { FOLLOWS_BASE } from '@common/follows/contract';
import { COMMENTS_BASE } from '@common/comments/contract';
import { logRoutes } from './features/logs/routes';
import { profileRoutes, userRoutes } from './features/profile/routes';
import { handleRoutes } from './features/handles/routes';
import { HANDLES_BASE } from '@common/handles/contract';
import { imageRoutes, isProfileImageUpload, profileImageRoutes } from './features/avatars/routes';
import { sharedPages } from './features/previews';
import { yourDataRoutes } from './features/your-data/routes';
import { accountDeletionRoutes } from './features/account-deletion/routes';
import { reportRoutes } from './features/reports/routes';
import { moderationRoutes } from './features/moderation/routes';
import { adminUserRoutes } from './features/moderation/user-routes';
import { removalRoutes } from './features/moderation/removal-routes';
import { badgeRoutes } from './features/badges/routes';
import { adminContestRoutes, contestRoutes } from './features/contests/routes';
import { discoveryRoutes } from './features/discovery/routes';
import { pageFeeds } from './features/feeds';
import { atomFeedRoutes } from './features/feeds/routes';
import { refuseAwaitingApproval } from './features/registration';
import { adminRegistrationRoutes, registrationInfoRoutes } from './features/registration/routes';
import { mountWebApp } from './static';
import { httpMetrics } from './metrics/http';
import { metricsRoutes } from './metrics/routes';
import { adminFederationRoutes, federationRoutes, remoteAvatarRoutes } from './features/federation/routes';
import { ADMIN_FEDERATION_BASE, FEDERATION_BASE } from '@common/federation/contract';

export interface AppOptions {
  ping: () => Promise<boolean>;
  streams: OpenStreams;
  /** Built SPA to serve; omitted in API tests. */
  webDir?: string;
  /** Whether the database is out of reach, for errors that hide their cause (db/unavailable.ts OutageWatch). */
  databaseTroubled?: () => Promise<boolean>;
  /** True once shutdown has begun: answers then close their connection, so clients open a new one elsewhere. */
  draining?: () => boolean;
}

/** No API answer is stored by browsers or proxies. */
const API_CACHE_CONTROL = 'no-store';

const securityOf = (ctx: ServerContext) => securityHeaders(ctx.config.publicUrl.startsWith('https://'));

/**
 * The headers the chain below adds to every API answer that has none of its own (the security
 * headers and the API's cache-control): what an answer given ahead of the app must carry
 * (http/early-answers.ts).
 */
export async function apiChainHeaders(ctx: ServerContext): Promise<Record<string, string>> {
  return { ...(await headersAddedBy(securityOf(ctx))), 'cache-control': API_CACHE_CONTROL };
}

/** The whole HTTP surface: shared middleware, then one router per feature. */
export function createApp(ctx: ServerContext, options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(ctx.logger, options.databaseTroubled));
  // First, so it times everything after it; only while GET /metrics is on (METRICS_TOKEN).
  if (ctx.metrics.enabled) app.use('*', httpMetrics(ctx.metrics));
  const draining = options.draining;
  if (draining) {
    app.use('*', async (c, next) => {
      await next();
      // A keep-alive connection reused after this answer would meet a closed server.
      if (draining()) c.header('connection', 'close');
    });
  }

  app.use('*', securityOf(ctx));
  // JSON and HTML over a kilobyte go out gzip- or deflate-compressed; built assets have their
  // own precompressed copies (server/static.ts). Never the live stream: compression would hold
  // events back in its buffer.
  const compressor = compress();
  app.use('*', (c, next) => (c.req.path === '/api/events' ? next() : compressor(c, next)));
  app.use('/api/*', async (c, next) => {
    c.set('clientIp', clientIp(c, ctx.config.trustedProxyHeader));
    c.header('cache-control', API_CACHE_CONTROL);
    await next();
  });
  app.use('/api/*', refuseForeignOrigins([ctx.config.publicUrl]));
  // Before every router that writes, better-auth's included: a write empties the kept users rows.
  app.use('/api/*', forgetSessionUsersOnWrite(ctx));
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (c) => {
      // The unread body is still on the socket; the connection cannot be reused.
      c.header('connection', 'close');
      return errorResponse(c, 413, 'payload_too_large', 'The request body is too large.');
    },
  });
  // The profile image upload has its own, larger limit on its route. A GET or HEAD has no body
  // (Request forbids one), and asking for it would build a whole Request on every read.
  const noBody = (method: string) => method === 'GET' || method === 'HEAD';
  // The story import (features/your-data) reads up to IMPORT_MAX_BYTES of files under its own limit.
  const isStoryImport = (c: Context) => c.req.method === 'POST' && c.req.path === '/api/import';
  const ownLimit = (c: Context) => isProfileImageUpload(c) || isStoryImport(c);
  app.use('/api/*', (c, next) => (noBody(c.req.method) || ownLimit(c) ? next() : jsonBodyLimit(c, next)));

  app.route('/api/health', healthRoutes(ctx, options.ping, options.draining));
  app.route('/api', authRoutes(ctx, { reservePasswordCheck: reservePasswordCheckFor, databaseTroubled: options.databaseTroubled }));
  // Public, cacheable images: before the session, so no refreshed cookie rides on them.
  app.route('/api/images', imageRoutes(ctx));
  app.route('/api/images', remoteAvatarRoutes(ctx));
  app.use('/api/*', loadSession(ctx, { shelfFactsFor: isSharedCommunityPage, keptForGuests: isSharedCommunityPage }));
  app.use('/api/*', refuseDeactivated);
  // Approval mode: a waiting account reads its own record and waits.
  app.use('/api/*', refuseAwaitingApproval);
  app.route('/api/registration', registrationInfoRoutes(ctx));
  app.route('/api/me/push-subscriptions', pushRoutes(ctx));
  app.route('/api/me', meRoutes(ctx));
  app.route('/api/account', twoFactorRoutes(ctx));
  app.route('/api/account', passkeyRoutes(ctx));
  app.route('/api/account', accountRoutes(ctx));
  app.use('/api/admin/*', requireAdminTwoFactor(ctx));
  app.route('/api/events', eventRoutes(ctx, options.streams));
  app.route('/api/admin', adminRoutes(ctx));
  app.route('/api/admin/backups', backupRoutes(ctx));
  app.route('/api/admin/feature-requests', adminFeatureRequestRoutes(ctx));
  app.route('/api/admin/greetings', adminGreetingRoutes(ctx));
  app.route('/api/admin/contests', adminContestRoutes(ctx));
  app.route(ADMIN_FEDERATION_BASE, adminFederationRoutes(ctx));
  app.route(CONVERSATIONS_BASE, conversationRoutes(ctx));
  app.route(DIRECT_MESSAGES_BASE, directMessageRoutes(ctx));
  app.route('/api/notifications', notificationRoutes(ctx));
  app.route('/api/me', notificationPrefsRoutes(ctx));
  app.route('/api/me/digest', digestSettingsRoutes(ctx));
  app.route('/api/digest', digestRoutes(ctx));
  app.route('/api/greetings', greetingRoutes(ctx));
  // Follows own /api/follows, /api/followers, /api/writers, /api/me/friends, /api/me/follow-settings and /api/users/:uid/{relationship,followers,following}.
  app.route(FOLLOWS_BASE, followRoutes(ctx));
  app.route(BLOCKS_BASE, blockRoutes(ctx));
  app.route(FEED_BASE, feedRoutes(ctx));
  app.route(TAGS_BASE, tagRoutes(ctx));
  app.route(SERIES_BASE, seriesRoutes(ctx));
  app.route(ANTHOLOGIES_BASE, anthologyRoutes(ctx));
  app.route('/api/feature-requests', featureRequestRoutes(ctx));
  app.route('/api/logs', logRoutes(ctx));
  app.route('/api/me', streakRoutes(ctx));
  app.route('/api/me', calendarRoutes(ctx));
  app.route('/api/me', challengeRoutes(ctx));
  app.route('/api/prompts', promptRoutes(ctx));
  app.route(STORIES_BASE, storyRoutes(ctx));
  app.route('/api/stories', reactionRoutes(ctx));
  app.route(COMMENTS_BASE, commentRoutes(ctx));
  app.route('/api/stories', storyVersionRoutes(ctx));
  app.route(FAVORITES_BASE, favoriteRoutes(ctx));
  app.route(SCHEDULE_BASE, scheduleRoutes(ctx));
  app.route(SCHEDULED_STORIES_BASE, scheduledStoriesRoutes(ctx));
  app.route(READING_LISTS_BASE, readingListRoutes(ctx));
  app.route('/api/me', profileRoutes(ctx));
  app.route('/api/me', profileImageRoutes(ctx));
  app.route('/api/users', userRoutes(ctx));
  app.route(HANDLES_BASE, handleRoutes(ctx));
  app.route('/api', badgeRoutes(ctx));
  app.route('/api/contests', contestRoutes(ctx));
  app.route(FEDERATION_BASE, federationRoutes(ctx));
  // Your data, leaving, reports and moderation.
  app.route('/api', yourDataRoutes(ctx));
  app.route(BOOKS_BASE, bookRoutes(ctx));
  app.route('/api/account/deletion', accountDeletionRoutes(ctx));
  app.route(REPORTS_BASE, reportRoutes(ctx));
  app.route('/api/admin/reports', moderationRoutes(ctx));
  app.route('/api/admin/users', adminUserRoutes(ctx));
  app.route('/api/admin/removals', removalRoutes(ctx));
  app.route('/api/admin', adminRegistrationRoutes(ctx));

  app.all('/api/*', (c) => errorResponse(c, 404, 'not_found', 'No such API endpoint.'));
  app.route('/metrics', metricsRoutes(ctx));
  app.route('/', discoveryRoutes(ctx));
  app.route('/', atomFeedRoutes(ctx));
  if (options.webDir) mountWebApp(app, options.webDir, sharedPages(ctx), pageFeeds(ctx));
  return app;
}
