import './temporal';
import type { Note } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { remoteText, sanitizeRemoteHtml } from './sanitize';
import { acceptedFollowOf, upsertRemoteStory } from './queries';

type Db = Kysely<Database>;

/**
 * A post (new or edited) from an account on another server: kept only when someone here follows
 * its author, only from its author (the activity's actor is the post's attribution, and the post's
 * id is on the actor's server), with its HTML sanitised before it is stored.
 */
export async function receiveRemoteStory(db: Db, note: Note, actor: URL): Promise<void> {
  if (!note.id || note.attributionId?.href !== actor.href || note.id.origin !== actor.origin) return;
  const followed = await acceptedFollowOf(db, actor.href);
  if (!followed) return;
  const now = new Date().toISOString();
  const url = note.url instanceof URL && /^https?:$/.test(note.url.protocol) ? note.url.href : null;
  const row = {
    uri: note.id.href,
    actorUri: actor.href,
    url,
    summary: note.summary ? remoteText(note.summary.toString(), 500) : null,
    sensitive: note.sensitive ? (1 as const) : (0 as const),
    content: sanitizeRemoteHtml(note.content?.toString() ?? '').slice(0, 20_000),
    published: note.published ? new Date(note.published.epochMilliseconds).toISOString() : now,
    updated_at: now,
  };
  await upsertRemoteStory(db, row);
}
