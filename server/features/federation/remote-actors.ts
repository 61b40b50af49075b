import './temporal';
import type { Context } from '@fedify/fedify';
import type { Actor } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { knownPicture, saveRemoteActor, type RemoteActorRow } from './queries';
import { copyRemoteAvatar } from './remote-avatars';
import { remoteText } from './sanitize';

/**
 * What we keep of an account on another server; null when it cannot be followed or answered (no
 * id or inbox). Its picture is copied when its address is new or changed (remote-avatars.ts),
 * and kept as it is otherwise; a picture that cannot be copied leaves it without one.
 */
export async function rememberActor(db: Kysely<Database>, ctx: Context<void>, actor: Actor): Promise<RemoteActorRow | null> {
  if (!actor.id || !actor.inboxId) return null;
  const icon = await actor.getIcon(ctx).catch(() => null);
  const username = remoteText(actor.preferredUsername?.toString() ?? '', 64) || 'unknown';
  const url = actor.url instanceof URL ? actor.url : null;
  const uri = actor.id.href;
  const iconUrl = icon?.url instanceof URL && /^https?:$/.test(icon.url.protocol) ? icon.url.href : null;
  const known = await knownPicture(db, uri);
  const row: RemoteActorRow = {
    uri,
    domain: actor.id.hostname,
    handle: `@${username}@${actor.id.host}`,
    name: remoteText(actor.name?.toString() ?? '', 100) || username,
    url: url && /^https?:$/.test(url.protocol) ? url.href : null,
    iconUrl,
    avatarUrl: known && known.iconUrl === iconUrl ? known.avatarUrl : await copyRemoteAvatar(db, ctx, uri, iconUrl, known?.avatarUrl != null),
    inbox: actor.inboxId.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
  };
  await saveRemoteActor(db, row);
  return row;
}

/** Where a message to an account on another server goes: its inbox, or its server's shared one. */
export function recipientOf(actor: { uri: string; inbox: string; sharedInbox: string | null }) {
  return { id: new URL(actor.uri), inboxId: new URL(actor.inbox), endpoints: actor.sharedInbox ? { sharedInbox: new URL(actor.sharedInbox) } : null };
}
