import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import { PROFILE_FIELDS } from '../../reports';

/* The reported thing as stored now (content.ts compares it with its snapshot and removes it). */

type Db = Kysely<Database>;

/** The profile's names and the fields a profile report snapshots. */
export function findProfileForSnapshot(db: Db, uid: string) {
  return db
    .selectFrom('users')
    .select(['displayName', 'name', 'deletedAt', ...PROFILE_FIELDS.map(([field]) => field)])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export function findStoryText(db: Db, id: string) {
  return db.selectFrom('stories').select(['title', 'content']).where('id', '=', id).executeTakeFirst();
}

/** A comment's text: a local comment's, else a reply from another server's. */
export async function findCommentText(db: Db, id: string) {
  return (
    (await db.selectFrom('storyComments').select('text').where('id', '=', id).executeTakeFirst()) ??
    (await db.selectFrom('remoteReplies').select('text').where('id', '=', id).executeTakeFirst())
  );
}

export function findMessageText(db: Db, id: string) {
  return db.selectFrom('conversationMessages').select(['text', 'deletedAt']).where('id', '=', id).executeTakeFirst();
}

/** The story a local comment is on (none for a reply from another server). */
export function findCommentStory(trx: Db, id: string) {
  return trx.selectFrom('storyComments').select('storyId').where('id', '=', id).executeTakeFirst();
}

/** Deletes the local comment; answers whose it was (none when it was already gone). */
export function deleteComment(trx: Db, id: string) {
  return trx.deleteFrom('storyComments').where('id', '=', id).returning(['uid']).execute();
}

export async function decrementCommentsCount(trx: Db, storyId: string, by: number): Promise<void> {
  await trx
    .updateTable('stories')
    .set((eb) => ({ commentsCount: eb('commentsCount', '-', by) }))
    .where('id', '=', storyId)
    .execute();
}

export function findMessageConversation(trx: Db, id: string) {
  return trx.selectFrom('conversationMessages').select(['conversationId']).where('id', '=', id).executeTakeFirst();
}

export function findMessageState(trx: Db, id: string) {
  return trx.selectFrom('conversationMessages').select(['created_at', 'deletedAt']).where('id', '=', id).executeTakeFirst();
}

/** The message is deleted for everyone: its text goes, the row stays. */
export async function blankMessage(trx: Db, id: string, at: string): Promise<void> {
  await trx.updateTable('conversationMessages').set({ text: '', deletedAt: at }).where('id', '=', id).execute();
}

export function findConversationLastMessageAt(trx: Db, id: string) {
  return trx.selectFrom('conversations').select('lastMessageAt').where('id', '=', id).executeTakeFirst();
}

export async function setConversationLastMessage(trx: Db, id: string, lastMessage: string): Promise<void> {
  await trx.updateTable('conversations').set({ lastMessage }).where('id', '=', id).execute();
}

export function findProfileImage(trx: Db, uid: string) {
  return trx.selectFrom('users').select(['profileImage', 'deletedAt']).where('uid', '=', uid).executeTakeFirst();
}

/** Clears the profile's own words, links and image; the name stays. */
export async function clearProfile(trx: Db, uid: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ bio: '', aboutMe: '', pronouns: '', location: '', website: '', bluesky: '', xcom: '', reddit: '', profileImage: null })
    .where('uid', '=', uid)
    .execute();
}
