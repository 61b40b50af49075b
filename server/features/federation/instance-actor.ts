import './temporal';
import type { Context } from '@fedify/fedify';
import { Application, Endpoints } from '@fedify/vocab';

/**
 * The site's own account on the fediverse (an `Application`, as Mastodon's instance actor is):
 * what the site says as itself, such as a report to another server, is sent and signed by it.
 * It is served at /ap/users/_instance beside the writers. A member's uid is letters and digits
 * only (better-auth's ids, RECORD_ID_PATTERN), so no uid is ever this identifier, and its key
 * pairs are kept in `fedKeys` under it like a writer's (keys.ts): made once, carried by backups.
 */
export const INSTANCE_ACTOR = '_instance';

/**
 * Its WebFinger name: the site's host name, as Mastodon names its own (`@site.example@site.example`).
 * A handle never has a dot, so on any real host no writer's handle is this name.
 */
export const instanceUsername = (publicUrl: string) => new URL(publicUrl).hostname;

export async function instanceActor(ctx: Context<void>, publicUrl: string): Promise<Application> {
  const keys = await ctx.getActorKeyPairs(INSTANCE_ACTOR);
  const host = new URL(publicUrl).host;
  return new Application({
    id: ctx.getActorUri(INSTANCE_ACTOR),
    preferredUsername: instanceUsername(publicUrl),
    name: host,
    summary: `The ${host} site itself, which speaks for its moderators.`,
    url: new URL('/', publicUrl),
    inbox: ctx.getInboxUri(INSTANCE_ACTOR),
    outbox: ctx.getOutboxUri(INSTANCE_ACTOR),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    // Nobody follows it: a Follow of it is never answered (there is no writer behind it).
    manuallyApprovesFollowers: true,
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((k) => k.multikey),
  });
}
