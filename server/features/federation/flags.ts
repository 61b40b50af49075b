import './temporal';
import type { Context } from '@fedify/fedify';
import { Flag, Note, isActor } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { REPORT_NOTE_MAX, type ReportTargetType } from '@common/moderation/moderation';
import { FEDERATION_TEXTS, type RemoteReportSent, type remoteReportSchema } from '@common/federation/federation';
import type { ServerContext, SessionUser } from '../../context';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import type { EventBus } from '../../events/bus';
import { AppError, badRequest, notFound } from '../../http/errors';
import { insertAdminLog, logUserOf } from '../../shared/audit-log';
import { createServerReport } from '../reports';
import { INSTANCE_ACTOR } from './instance-actor';
import { lookupActor, serviceOf } from './members';
import { domainPolicy } from './queries';
import { rememberActor } from './remote-actors';
import { remoteText } from './sanitize';

/*
 * Reports (ActivityPub `Flag`) both ways. In: another server's Flag naming our writers or
 * stories becomes a report from that server in the moderation queue. Out: an admin reports an
 * account elsewhere to its server, as this site (the instance actor), as Mastodon does.
 */

/** A Flag names at most this many of our things: past that it is not a report but a flood. */
const MAX_FLAGGED = 50;

/** What of ours a Flag's objects name: a writer's actor is their profile, a Note their story. Each once. */
function flaggedTargets(ctx: Context<void>, objectIds: readonly URL[]): { targetType: ReportTargetType; targetId: string }[] {
  const targets = new Map<string, { targetType: ReportTargetType; targetId: string }>();
  for (const id of objectIds) {
    const parsed = ctx.parseUri(id);
    let target: { targetType: ReportTargetType; targetId: string } | null = null;
    if (parsed?.type === 'actor' && parsed.identifier !== INSTANCE_ACTOR) target = { targetType: 'profile', targetId: parsed.identifier };
    else if (parsed?.type === 'object' && parsed.class === Note && parsed.values.id) target = { targetType: 'story', targetId: parsed.values.id };
    if (target) targets.set(`${target.targetType}:${target.targetId}`, target);
    if (targets.size === MAX_FLAGGED) break;
  }
  return [...targets.values()];
}

export interface FlagDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  bus: EventBus;
}

/**
 * A Flag from another server (not a blocked one: the listener checks first). Each of our
 * writers and stories it names that anyone may see gets one report from that server (its host:
 * one report per server per thing, ever), category 'other', with the Flag's text as the note.
 * The account that sent it is remembered, so the queue shows its handle.
 */
export async function receiveFlag(deps: FlagDeps, ctx: Context<void>, flag: Flag): Promise<number> {
  const from = flag.actorId;
  if (!from) return 0;
  const targets = flaggedTargets(ctx, flag.objectIds);
  if (targets.length === 0) return 0;
  const actor = await flag.getActor(ctx).catch(() => null);
  if (actor && isActor(actor) && actor.id?.href === from.href) await rememberActor(deps.db, ctx, actor);
  const note = remoteText(flag.content?.toString() ?? '', REPORT_NOTE_MAX);
  let filed = 0;
  for (const target of targets) {
    if (await createServerReport(deps, { server: from.host.toLowerCase(), actor: from.href }, { ...target, category: 'other', note })) filed += 1;
  }
  return filed;
}

const blockedDomain = () => new AppError(403, 'domain_blocked', FEDERATION_TEXTS.blockedDomain);

/**
 * An admin reports an account on another server to that server: looked up (by its address over
 * WebFinger, or by its URI), then a Flag with the reason, from the instance actor, to it. Refused
 * when federation is off (404), for an account here (400), on a blocked domain (403), or when
 * nothing is found (404). Recorded in the audit log (the account, not the reason).
 */
export async function reportRemoteAccount(ctx: ServerContext, admin: SessionUser, input: z.output<typeof remoteReportSchema>): Promise<RemoteReportSent> {
  const service = serviceOf(ctx);
  const here = new URL(ctx.config.publicUrl);
  const byAddress = input.account.startsWith('@');
  const host = (byAddress ? input.account.slice(input.account.lastIndexOf('@') + 1) : new URL(input.account).host).toLowerCase();
  if (host === here.host.toLowerCase()) throw badRequest(FEDERATION_TEXTS.reportSelf, 'same_server');
  if ((await domainPolicy(ctx.db, host.replace(/:\d+$/, ''))) === 'block') throw blockedDomain();
  const fed = service.fed.context();
  const found = byAddress
    ? await lookupActor(fed, input.account, ctx.config.federation.allowPrivateAddresses)
    : await fed.lookupObject(input.account).catch(() => null);
  if (!found || !isActor(found) || !found.id) throw notFound(FEDERATION_TEXTS.notFound);
  // An address's WebFinger may name an account on yet another server.
  if (found.id.origin === here.origin) throw badRequest(FEDERATION_TEXTS.reportSelf, 'same_server');
  if ((await domainPolicy(ctx.db, found.id.hostname)) === 'block') throw blockedDomain();
  const account = await rememberActor(ctx.db, fed, found);
  if (!account) throw notFound(FEDERATION_TEXTS.notFound);
  const me = fed.getActorUri(INSTANCE_ACTOR);
  await fed.sendActivity(
    { identifier: INSTANCE_ACTOR },
    found,
    new Flag({ id: new URL(`${me.href}#flag-${crypto.randomUUID()}`), actor: me, object: found.id, content: input.reason }),
  );
  await insertAdminLog(ctx.db, { admin: logUserOf(admin), action: 'federation_report_sent', target: `remoteActors/${account.uri}`, details: { handle: account.handle } });
  return { handle: account.handle, domain: account.domain };
}
