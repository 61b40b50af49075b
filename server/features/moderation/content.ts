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
import { profileSnapshotText } from '../reports';
import { anthologyTextNow, removeAnthologyByModerators } from '../anthologies';
import {
  blankMessage,
  clearProfile,
  decrementCommentsCount,
  deleteComment,
  findCommentStory,
  findCommentText,
  findConversationLastMessageAt,
  findMessageConversation,
  findMessageState,
  findMessageText,
  findProfileForSnapshot,
  findProfileImage,
  findStoryText,
  setConversationLastMessage,
} from './queries/content';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Where avatars/service.ts stores a profile image (spec section 3); avatars has no public entry to import it from. */

/*
 * The reported thing as it is now: compared with its snapshot for the case page, and removed
 * by "Remove content". Removal runs in the case's transaction, so the action, its log and
 * the removal commit together.
 */

async function profileText(db: Db, uid: string): Promise<string | null> {
  const row = await findProfileForSnapshot(db, uid);
  if (!row || row.deletedAt) return null;
  return profileSnapshotText(authorName(row), row);
}

/** Whether the reported thing is still there as the first reporter saw it. */
export async function currentStateOf(db: Db, snapshot: ReportSnapshot): Promise<CaseDetail['currentState']> {
  const compare = (now: string | null): CaseDetail['currentState'] => (now === null ? 'removed' : now === snapshot.text ? 'unchanged' : 'edited');
  switch (snapshot.targetType) {
    case 'story': {
      const row = await findStoryText(db, snapshot.targetId);
      if (!row) return 'removed';
      return row.content === snapshot.text && (snapshot.title === undefined || row.title === snapshot.title) ? 'unchanged' : 'edited';
    }
    case 'comment': {
      const row = await findCommentText(db, snapshot.targetId);
      return compare(row?.text ?? null);
    }
    case 'message': {
      const row = await findMessageText(db, snapshot.targetId);
      return compare(row && row.deletedAt === null ? row.text : null);
    }
    case 'profile':
      return compare(await profileText(db, snapshot.targetId));
    case 'anthology':
      return compare(await anthologyTextNow(db, snapshot.targetId));
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
  const peek = await findCommentStory(trx, id);
  // A reply from another server is a comment too; it has no notification to take back.
  if (!peek) return (await dropRemoteReplies(ctx, trx, { ids: [id] })) > 0;
  const story = await lockStory(trx, ctx.dialect, peek.storyId);
  const deleted = await deleteComment(trx, id);
  const first = deleted[0];
  if (!story || !first) return false;
  await withdraw(ctx, trx, { to: story.uid, type: 'comment', actorUid: first.uid, commentId: id });
  await decrementCommentsCount(trx, peek.storyId, deleted.length);
  await recordStoryComment(ctx, trx, peek.storyId, id, 'deleted');
  await recordStoryCounts(ctx, trx, peek.storyId);
  return true;
}

/** Deleted for everyone: the participants see "Message deleted", as when its sender deletes it. */
async function removeMessage(trx: Trx, ctx: ServerContext, id: string, at: string): Promise<boolean> {
  const peek = await findMessageConversation(trx, id);
  if (!peek) return false;
  const conversation = await lockConversation(trx, ctx.dialect, peek.conversationId);
  const row = await findMessageState(trx, id);
  if (!conversation || !row || row.deletedAt !== null) return false;
  await blankMessage(trx, id, at);
  const latest = await findConversationLastMessageAt(trx, peek.conversationId);
  if (latest?.lastMessageAt === row.created_at) {
    await setConversationLastMessage(trx, peek.conversationId, MESSAGE_TEXTS.deleted);
  }
  await announceConversation(ctx, trx, peek.conversationId);
  return true;
}

/** The profile's own words, links and image; the name stays (it is how others find them, and an account action handles the rest). */
async function removeProfile(trx: Trx, uid: string): Promise<Removal> {
  const row = await findProfileImage(trx, uid);
  if (!row || row.deletedAt) return { removed: false, imageKey: null };
  await clearProfile(trx, uid);
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
    case 'anthology':
      return { removed: await removeAnthologyByModerators(trx, snapshot.targetId), imageKey: null };
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
