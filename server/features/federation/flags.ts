import './temporal';
import type { Context } from '@fedify/fedify';
import { Flag, Note, isActor } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import { REPORT_NOTE_MAX, type ReportTargetType } from '@common/moderation/moderation';
import type { Database } from '../../db/types';
import type { Dialect } from '../../db/database';
import type { EventBus } from '../../events/bus';
import { createServerReport } from '../reports';
import { INSTANCE_ACTOR } from './instance-actor';
import { rememberActor } from './remote-actors';
import { remoteText } from './sanitize';

/*
 * Reports (ActivityPub `Flag`) that come in: another server's Flag naming our writers or stories
 * becomes a report from that server in the moderation queue. The other way is report-remote.ts.
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
