import './temporal';
import { Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { Context } from '@fedify/fedify';
import type { Database } from '../../db/types';
import type { Logger } from '../../logger';
import type { DrabbleFederation } from './federation';
import { storyNote } from './notes';
import { recipientOf } from './remote-actors';
import { actorsToUpdate, claimActorSend, claimStorySend, countFollowers, inboxesOf, storiesToSend, storiesToWithdraw, takeFollowersOfDeleted, type SyncScope } from './queries';

const PAGE = 100;

/**
 * Keeps what other servers have of each story in step with what may be seen here. It compares
 * state, not events: every public story a writer shares must have gone out as its current
 * version, and every story that went out and may no longer be seen (made private, deleted,
 * removed, its writer limited, suspended, gone or no longer sharing) must have had its Delete.
 * So whatever made a story change, and whichever instance saw it, one pass sends what is owed.
 * Each send is claimed first in `federatedStories` (one instance wins); the Create, Update or
 * Delete then goes into the delivery queue, fanned out to the writer's followers' servers.
 */
export class StorySync {
  private running: Promise<void> | null = null;
  /** What the next pass looks at: the writers events named, or everything. */
  private owed: Set<string> | 'all' | null = null;

  constructor(
    private readonly fed: DrabbleFederation,
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly publicUrl: string,
  ) {}

  /** A pass soon over these writers' stories (every story when none are named). */
  trigger(uids?: readonly string[]): void {
    this.owe(uids);
    void this.run();
  }

  /** Stories changed since `since` (ISO): edits that recorded no event are caught this way. */
  async sendRecent(since: string): Promise<void> {
    await this.settled();
    await this.passes({ updatedSince: since }, false);
  }

  /** Runs passes until nothing is owed; resolves when done. */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        while (this.owed !== null) {
          const owed = this.owed;
          this.owed = null;
          await this.passes(owed === 'all' ? {} : { uids: [...owed] }, true);
        }
      } catch (err) {
        this.logger.warn({ err }, 'federation: sending story changes failed (tried again on the next pass)');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when the pass under way (if any) is done. */
  async settled(): Promise<void> {
    await this.running;
  }

  private owe(uids?: readonly string[]): void {
    if (!uids || this.owed === 'all') {
      this.owed = 'all';
      return;
    }
    this.owed ??= new Set();
    for (const uid of uids) this.owed.add(uid);
  }

  private async passes(scope: SyncScope, withdraw: boolean): Promise<void> {
    while (await this.pass(scope, withdraw)) {
      /* another page */
    }
  }

  /** One page of each kind of send; true when there may be more. */
  private async pass(scope: SyncScope, withdraw: boolean): Promise<boolean> {
    const ctx = this.fed.context();
    // Most writers have no followers elsewhere: their stories are marked sent, and nothing is
    // signed or queued (a follower who comes later reads the outbox).
    const followed = new Map<string, boolean>();
    const hasFollowers = async (uid: string) => {
      if (!followed.has(uid)) followed.set(uid, (await countFollowers(this.db, uid)) > 0);
      return followed.get(uid)!;
    };
    const toSend = await storiesToSend(this.db, PAGE, scope);
    for (const story of toSend) {
      const seen = story.sentStoryId !== null;
      if (!(await claimStorySend(this.db, story.id, story.uid, story.sentSignature, seen, story.signature))) continue;
      if (!(await hasFollowers(story.uid))) continue;
      const note = storyNote(ctx, story, this.publicUrl);
      const kind = story.sentSignature === null ? Create : Update;
      const activity = new kind({
        id: new URL(`${note.id!.href}#${kind === Create ? 'create' : 'update'}-${crypto.randomUUID()}`),
        actor: ctx.getActorUri(story.uid),
        object: note,
        to: note.toId,
        cc: note.ccId,
        published: note.published,
        updated: note.updated,
      });
      await ctx.sendActivity({ identifier: story.uid }, 'followers', activity, { preferSharedInbox: true, orderingKey: note.id!.href });
    }
    const toWithdraw = withdraw ? await storiesToWithdraw(this.db, PAGE, scope) : [];
    for (const story of toWithdraw) {
      if (!(await claimStorySend(this.db, story.storyId, story.uid, story.signature, true, null))) continue;
      if (!(await hasFollowers(story.uid))) continue;
      const noteId = ctx.getObjectUri(Note, { id: story.storyId });
      await ctx.sendActivity(
        { identifier: story.uid },
        'followers',
        new Delete({
          id: new URL(`${noteId.href}#delete-${crypto.randomUUID()}`),
          actor: ctx.getActorUri(story.uid),
          object: new Tombstone({ id: noteId }),
          to: PUBLIC_COLLECTION,
          cc: ctx.getFollowersUri(story.uid),
        }),
        { preferSharedInbox: true, orderingKey: noteId.href },
      );
    }
    const updated = withdraw ? await this.sendProfileUpdates(ctx, scope) : 0;
    if (withdraw) await this.sayGoodbyes(ctx, scope);
    return toSend.length === PAGE || toWithdraw.length === PAGE || updated === PAGE;
  }

  /**
   * A writer's followers elsewhere hear of a new name, bio, picture or handle (an Update of the
   * actor). The first time a writer gains followers their profile is only recorded: the
   * followers fetched it when they followed.
   */
  private async sendProfileUpdates(ctx: Context<void>, scope: SyncScope): Promise<number> {
    const changed = await actorsToUpdate(this.db, PAGE, scope.uids);
    for (const actor of changed) {
      if (!(await claimActorSend(this.db, actor.uid, actor.sentSignature, actor.signature)) || actor.sentSignature === null) continue;
      const person = await this.fed.actor(ctx, actor.uid);
      if (!person) continue;
      const me = ctx.getActorUri(actor.uid);
      await ctx.sendActivity(
        { identifier: actor.uid },
        'followers',
        new Update({ id: new URL(`${me.href}#update-${crypto.randomUUID()}`), actor: me, object: person, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(actor.uid) }),
        { preferSharedInbox: true, orderingKey: me.href },
      );
    }
    return changed.length;
  }

  /**
   * A deleted account's followers elsewhere get the actor's Delete, once: the rows are taken
   * away as they are read (so of two instances only one sends), then the Delete goes to each
   * follower's server, signed with the keys the account kept for this.
   */
  private async sayGoodbyes(ctx: Context<void>, scope: SyncScope): Promise<void> {
    const followers = await takeFollowersOfDeleted(this.db, scope.uids);
    const byWriter = new Map<string, string[]>();
    for (const f of followers) byWriter.set(f.uid, [...(byWriter.get(f.uid) ?? []), f.actorUri]);
    for (const [uid, actorUris] of byWriter) {
      const actors = await inboxesOf(this.db, actorUris);
      const me = ctx.getActorUri(uid);
      await ctx.sendActivity(
        { identifier: uid },
        actors.map(recipientOf),
        new Delete({ id: new URL(`${me.href}#delete-${crypto.randomUUID()}`), actor: me, object: me, to: PUBLIC_COLLECTION }),
        { preferSharedInbox: true },
      );
    }
  }
}
