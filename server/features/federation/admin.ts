import type { z } from 'zod';
import type { domainRuleSchema, FederationAdmin } from '@common/federation/federation';
import type { ServerContext, SessionUser } from '../../context';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { notFound } from '../../http/errors';
import { federationOf } from './of-context';
import { chunks } from '../../shared/owned-rows';
import { dropRemoteReplies } from '../comments';

const WEEK_MS = 7 * 86_400_000;

/** The domain and every domain under it, as a LIKE-free filter on a `domain` column's text. */
const underDomain = (domain: string) => ({ exact: domain, suffix: `.${domain}` });

export async function federationAdmin(ctx: ServerContext): Promise<FederationAdmin> {
  const domains = await ctx.db.selectFrom('fedDomains').select(['domain', 'mode', 'created_at']).orderBy('domain').execute();
  const service = federationOf(ctx);
  const depth = service ? await service.fed.queue.getDepth() : { queued: 0, ready: 0, delayed: 0 };
  const since = new Date(Date.now() - WEEK_MS).toISOString();
  const failures = await ctx.db
    .selectFrom('fedFailures')
    .select((eb) => ['domain', eb.fn.countAll<number | string>().as('count'), eb.fn.max('failedAt').as('lastAt')])
    .where('failedAt', '>=', since)
    .groupBy('domain')
    .orderBy('count', 'desc')
    .limit(50)
    .execute();
  const lastErrors = failures.length
    ? await ctx.db
        .selectFrom('fedFailures')
        .select(['domain', 'error', 'failedAt'])
        .where('failedAt', 'in', failures.map((f) => f.lastAt))
        .execute()
    : [];
  const followers = await ctx.db.selectFrom('remoteFollowers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return {
    enabled: ctx.federation !== null,
    domains: domains.map((d) => ({ domain: d.domain, mode: d.mode === 'silence' ? ('silence' as const) : ('block' as const), since: d.created_at })),
    health: {
      queued: depth.queued,
      ready: depth.ready ?? depth.queued,
      delayed: depth.delayed ?? 0,
      failures: failures.map((f) => ({
        domain: f.domain,
        count: Number(f.count),
        lastAt: f.lastAt,
        lastError: lastErrors.find((e) => e.domain === f.domain && e.failedAt === f.lastAt)?.error ?? '',
      })),
      remoteFollowers: Number(followers.n),
    },
  };
}

/**
 * Blocks or silences a domain (and every domain under it). A block also removes, at once, the
 * followers there, the follows of writers there and what their servers delivered: nothing more
 * goes to them, and the inbox refuses what they send.
 */
export async function setDomainRule(ctx: ServerContext, admin: SessionUser, rule: z.output<typeof domainRuleSchema>): Promise<FederationAdmin> {
  const { exact, suffix } = underDomain(rule.domain);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fedDomains')
      .values({ domain: rule.domain, mode: rule.mode, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('domain').doUpdateSet({ mode: rule.mode }))
      .execute();
    if (rule.mode === 'block') {
      const actors = trx
        .selectFrom('remoteActors')
        .select('uri')
        .where((eb) => eb.or([eb('domain', '=', exact), eb(eb.fn('substr', ['domain', eb.val(-suffix.length)]), '=', suffix)]));
      await trx.deleteFrom('remoteFollowers').where('actorUri', 'in', actors).execute();
      await trx.deleteFrom('remoteFollowing').where('actorUri', 'in', actors).execute();
      await trx.deleteFrom('remoteStories').where('actorUri', 'in', actors).execute();
      // Their replies go as comments do, so the stories' counts follow.
      const uris = (await actors.execute()).map((a) => a.uri);
      for (const slice of chunks(uris)) await dropRemoteReplies(ctx, trx, { actorUris: slice });
    }
    await insertAdminLog(trx, { admin: logUserOf(admin), action: `federation_domain_${rule.mode}`, target: `fedDomains/${rule.domain}` });
  });
  return federationAdmin(ctx);
}

export async function removeDomainRule(ctx: ServerContext, admin: SessionUser, domain: string): Promise<FederationAdmin> {
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('fedDomains').where('domain', '=', domain).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound('That domain is not blocked or silenced.');
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'federation_domain_cleared', target: `fedDomains/${domain}` });
  });
  return federationAdmin(ctx);
}
