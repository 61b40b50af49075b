import type { z } from 'zod';
import type { domainRuleSchema, FederationAdmin } from '@common/federation/federation';
import type { ServerContext, SessionUser } from '../../context';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { notFound } from '../../http/errors';
import { federationOf } from './of-context';
import { chunks } from '../../shared/owned-rows';
import { dropRemoteReplies } from '../comments';
import {
  actorUrisUnder,
  countAllRemoteFollowers,
  deleteDomainRule,
  domainRules,
  failuresAt,
  failuresByDomainSince,
  forgetActorsUnder,
  upsertDomainRule,
} from './queries';

const WEEK_MS = 7 * 86_400_000;

export async function federationAdmin(ctx: ServerContext): Promise<FederationAdmin> {
  const domains = await domainRules(ctx.db);
  const service = federationOf(ctx);
  const depth = service ? await service.fed.queue.getDepth() : { queued: 0, ready: 0, delayed: 0 };
  const since = new Date(Date.now() - WEEK_MS).toISOString();
  const failures = await failuresByDomainSince(ctx.db, since, 50);
  const lastErrors = failures.length ? await failuresAt(ctx.db, failures.map((f) => f.lastAt)) : [];
  const followers = await countAllRemoteFollowers(ctx.db);
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
      remoteFollowers: followers,
    },
  };
}

/**
 * Blocks or silences a domain (and every domain under it). A block also removes, at once, the
 * followers there, the follows of writers there and what their servers delivered: nothing more
 * goes to them, and the inbox refuses what they send.
 */
export async function setDomainRule(ctx: ServerContext, admin: SessionUser, rule: z.output<typeof domainRuleSchema>): Promise<FederationAdmin> {
  await ctx.db.transaction().execute(async (trx) => {
    await upsertDomainRule(trx, rule.domain, rule.mode, new Date().toISOString());
    if (rule.mode === 'block') {
      await forgetActorsUnder(trx, rule.domain);
      // Their replies go as comments do, so the stories' counts follow.
      const uris = await actorUrisUnder(trx, rule.domain);
      for (const slice of chunks(uris)) await dropRemoteReplies(ctx, trx, { actorUris: slice });
    }
    await insertAdminLog(trx, { admin: logUserOf(admin), action: `federation_domain_${rule.mode}`, target: `fedDomains/${rule.domain}` });
  });
  return federationAdmin(ctx);
}

export async function removeDomainRule(ctx: ServerContext, admin: SessionUser, domain: string): Promise<FederationAdmin> {
  await ctx.db.transaction().execute(async (trx) => {
    if ((await deleteDomainRule(trx, domain)) === 0) throw notFound('That domain is not blocked or silenced.');
    await insertAdminLog(trx, { admin: logUserOf(admin), action: 'federation_domain_cleared', target: `fedDomains/${domain}` });
  });
  return federationAdmin(ctx);
}
