import { profileImageKey } from '../avatars';
import type { Kysely, Transaction } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import type { CaseDetail, ReportSnapshot } from '@common/moderation/moderation';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { authorName } from '../../shared/author';
import { eraseStories } from '../../shared/owned-rows';
import { announceConversation, lockConversation } from '../messages';
import { withdraw } from '../notifications';
import { refreshStoryAvatars } from '../profile';
import { lockStory, recordStoryComment, recordStoryCounts, recordStoryLeftShelves } from '../stories';
import { dropRemoteReplies } from '../comments';
import { PROFILE_FIELDS, profileSnapshotText } from '../reports';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Where avatars/service.ts stores a profile image (spec section 3); avatars has no public entry to import it from. */

/*
 * The reported thing as it is now: compared with its snapshot for the case page, and removed
 * by "Remove content". Removal runs in the case's transaction, so the action, its log and
 * the removal commit together.
 */

async function profileText(db: Db, uid: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['displayName', 'name', 'deletedAt', ...PROFILE_FIELDS.map(([field]) => field)])
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!row || row.deletedAt) return null;
  return profileSnapshotText(authorName(row), row);
}

/** Whether the reported thing is still there as the first reporter saw it. */
export async function currentStateOf(db: Db, snapshot: ReportSnapshot): Promise<CaseDetail['currentState']> {
  const compare = (now: string | null): CaseDetail['currentState'] => (now === null ? 'removed' : now === snapshot.text ? 'unchanged' : 'edited');
  switch (snapshot.targetType) {
    case 'story': {
      const row = await db.selectFrom('stories').select(['title', 'content']).where('id', '=', snapshot.targetId).executeTakeFirst();
      if (!row) return 'removed';
      return row.content === snapshot.text && (snapshot.title === undefined || row.title === snapshot.title) ? 'unchanged' : 'edited';
    }
    case 'comment': {
      const row =
        (await db.selectFrom('storyComments').select('text').where('id', '=', snapshot.targetId).executeTakeFirst()) ??
        (await db.selectFrom('remoteReplies').select('text').where('id', '=', snapshot.targetId).executeTakeFirst());
      return compare(row?.text ?? null);
    }
    case 'message': {
      const row = await db.selectFrom('conversationMessages').select(['text', 'deletedAt']).where('id', '=', snapshot.targetId).executeTakeFirst();
      return compare(row && row.deletedAt === null ? row.text : null);
    }
    case 'profile':
      return compare(await profileText(db, snapshot.targetId));
  }
}

/** What a removal did, for the log: whether anything was there, and work to do after commit. */
export interface Removal {
  removed: boolean;
  /** A profile image object to delete once the transaction has committed. */
  imageKey: string | null;
}

/** The story with every row hanging off it (shared/owned-rows.ts STORY_ROWS), as its author's own delete does. */
async function removeStory(trx: Trx, ctx: ServerContext, id: string): Promise<boolean> {
  const row = await lockStory(trx, ctx.dialect, id);
  if (!row) return false;
  await eraseStories(trx, [id]);
  await recordStoryLeftShelves(ctx, trx, row);
  return true;
}

/** The comment, with the story's count kept exact and its notification taken back, as comments/service.ts deletes one. */
async function removeComment(trx: Trx, ctx: ServerContext, id: string): Promise<boolean> {
  const peek = await trx.selectFrom('storyComments').select('storyId').where('id', '=', id).executeTakeFirst();
  // A reply from another server is a comment too; it has no notification to take back.
  if (!peek) return (await dropRemoteReplies(ctx, trx, { ids: [id] })) > 0;
  const story = await lockStory(trx, ctx.dialect, peek.storyId);
  const deleted = await trx.deleteFrom('storyComments').where('id', '=', id).returning(['uid']).execute();
  const first = deleted[0];
  if (!story || !first) return false;
  await withdraw(ctx, trx, { to: story.uid, type: 'comment', actorUid: first.uid, commentId: id });
  await trx
    .updateTable('stories')
    .set((eb) => ({ commentsCount: eb('commentsCount', '-', deleted.length) }))
    .where('id', '=', peek.storyId)
    .execute();
  await recordStoryComment(ctx, trx, peek.storyId, id, 'deleted');
  await recordStoryCounts(ctx, trx, peek.storyId);
  return true;
}

/** Deleted for everyone: the participants see "Message deleted", as when its sender deletes it. */
async function removeMessage(trx: Trx, ctx: ServerContext, id: string, at: string): Promise<boolean> {
  const peek = await trx.selectFrom('conversationMessages').select(['conversationId']).where('id', '=', id).executeTakeFirst();
  if (!peek) return false;
  const conversation = await lockConversation(trx, ctx.dialect, peek.conversationId);
  const row = await trx.selectFrom('conversationMessages').select(['created_at', 'deletedAt']).where('id', '=', id).executeTakeFirst();
  if (!conversation || !row || row.deletedAt !== null) return false;
  await trx.updateTable('conversationMessages').set({ text: '', deletedAt: at }).where('id', '=', id).execute();
  const latest = await trx.selectFrom('conversations').select('lastMessageAt').where('id', '=', peek.conversationId).executeTakeFirst();
  if (latest?.lastMessageAt === row.created_at) {
    await trx.updateTable('conversations').set({ lastMessage: MESSAGE_TEXTS.deleted }).where('id', '=', peek.conversationId).execute();
  }
  await announceConversation(ctx, trx, peek.conversationId);
  return true;
}

/** The profile's own words, links and image; the name stays (it is how others find them, and an account action handles the rest). */
async function removeProfile(trx: Trx, uid: string): Promise<Removal> {
  const row = await trx.selectFrom('users').select(['profileImage', 'deletedAt']).where('uid', '=', uid).executeTakeFirst();
  if (!row || row.deletedAt) return { removed: false, imageKey: null };
  await trx
    .updateTable('users')
    .set({ bio: '', aboutMe: '', pronouns: '', location: '', website: '', bluesky: '', xcom: '', reddit: '', profileImage: null })
    .where('uid', '=', uid)
    .execute();
  if (row.profileImage !== null) await refreshStoryAvatars(trx, uid, { authorProfileImage: null });
  return { removed: true, imageKey: row.profileImage !== null ? profileImageKey(uid) : null };
}

/** Takes the thing down (removal.ts `takeDown` is the one caller: it keeps the record and tells the author). */
export async function removeContent(ctx: ServerContext, trx: Trx, snapshot: Pick<ReportSnapshot, 'targetType' | 'targetId'>, at: string): Promise<Removal> {
  switch (snapshot.targetType) {
    case 'story':
      return { removed: await removeStory(trx, ctx, snapshot.targetId), imageKey: null };
    case 'comment':
      return { removed: await removeComment(trx, ctx, snapshot.targetId), imageKey: null };
    case 'message':
      return { removed: await removeMessage(trx, ctx, snapshot.targetId, at), imageKey: null };
    case 'profile':
      return removeProfile(trx, snapshot.targetId);
  }
}

/** After commit: the stored image goes too. A failure leaves an orphaned object, never a broken profile: logged, not thrown. */
export async function deleteImageAfterCommit(ctx: ServerContext, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await ctx.storage.delete(key);
  } catch (err) {
    ctx.logger.error({ err, key }, 'could not delete a removed profile image');
  }
}
