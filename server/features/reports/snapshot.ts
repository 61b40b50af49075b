import type { Kysely } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import { MESSAGE_CONTEXT, REPORT_TEXTS, type ReportSnapshot, type ReportTargetType } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { conversationPolicy } from '../../policy/messages';
import { findConversationView } from '../messages';
import { accountHidden, HIDING_COLUMNS, profilePolicy } from '../../policy/profiles';
import { loadBlockFacts, withBlockFact } from '../../policy/relations';
import { storyPolicy } from '../../policy/stories';
import type { SignedInViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';

type Db = Kysely<Database>;

/**
 * What a reporter sees of the thing they report, captured as evidence (common/moderation/moderation.ts
 * reportSnapshotSchema). Each capture first asks the same policy the reporter's screens ask:
 * what they may not read does not exist for them, so it is 404 REPORT_TEXTS.notFound, never a
 * hint that it exists.
 */
export interface CapturedTarget {
  snapshot: ReportSnapshot;
  /** Whose content it is: the case's targetUid. */
  authorUid: string;
}

const gone = () => notFound(REPORT_TEXTS.notFound);

interface NameRow {
  uid: string;
  displayName: string | null;
  name: string;
  deletedAt: string | null;
}

/** Names as others see them (never the email); a deleted account's tombstone reads "Deleted user". */
async function namesOf(db: Db, uids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const rows: NameRow[] = await db.selectFrom('users').select(['uid', 'displayName', 'name', 'deletedAt']).where('uid', 'in', unique).execute();
  return new Map(rows.map((r) => [r.uid, r.deletedAt ? YOUR_DATA_TEXTS.deletedUser : authorName(r)]));
}

async function nameOf(db: Db, uid: string): Promise<string> {
  return (await namesOf(db, [uid])).get(uid) ?? YOUR_DATA_TEXTS.deletedUser;
}

/** A story the viewer may read, with the fields the snapshot keeps. */
async function readableStory(db: Db, viewer: SignedInViewer, storyId: string) {
  const row = await withBlockFact(
    db,
    viewer,
    await db.selectFrom('stories').select(['id', 'uid', 'title', 'content', 'public', 'authorState']).where('id', '=', storyId).executeTakeFirst(),
  );
  if (!row || !storyPolicy.can(viewer, 'read', { ...row, authorState: Number(row.authorState) })) throw gone();
  return row;
}

async function captureStory(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget> {
  const story = await readableStory(db, viewer, id);
  return {
    authorUid: story.uid,
    snapshot: {
      targetType: 'story',
      targetId: id,
      authorUid: story.uid,
      authorName: await nameOf(db, story.uid),
      capturedAt,
      title: story.title,
      text: story.content,
      storyId: story.id,
      storyTitle: story.title,
    },
  };
}

/** A reply from another server, as its readers see it (a held one only its story's writer sees); its author is its account, by handle. */
async function captureRemoteReply(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget | null> {
  const reply = await db
    .selectFrom('remoteReplies as r')
    .innerJoin('remoteActors as a', 'a.uri', 'r.actorUri')
    .select(['r.storyId', 'r.actorUri', 'r.text', 'r.held', 'a.handle'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!reply) return null;
  const story = await readableStory(db, viewer, reply.storyId);
  if (Number(reply.held) === 1 && story.uid !== viewer.uid) throw gone();
  return {
    authorUid: reply.actorUri,
    snapshot: {
      targetType: 'comment',
      targetId: id,
      authorUid: reply.actorUri,
      authorName: reply.handle,
      capturedAt,
      text: reply.text,
      storyId: story.id,
      storyTitle: story.title,
    },
  };
}

async function captureComment(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget> {
  const remote = await captureRemoteReply(db, viewer, id, capturedAt);
  if (remote) return remote;
  const comment = await withBlockFact(
    db,
    viewer,
    await db.selectFrom('storyComments').select(['id', 'storyId', 'uid', 'text']).where('id', '=', id).executeTakeFirst(),
  );
  // A comment is readable when its story is and no block separates its writer from the viewer (features/comments/policy.ts).
  if (!comment || comment.blocked) throw gone();
  const story = await readableStory(db, viewer, comment.storyId);
  return {
    authorUid: comment.uid,
    snapshot: {
      targetType: 'comment',
      targetId: id,
      authorUid: comment.uid,
      authorName: await nameOf(db, comment.uid),
      capturedAt,
      text: comment.text,
      storyId: story.id,
      storyTitle: story.title,
    },
  };
}

/** A profile's fields in a snapshot, labelled, in this order. */
export const PROFILE_FIELDS = [
  ['pronouns', 'Pronouns'],
  ['aboutMe', 'About me'],
  ['bio', 'Bio'],
  ['location', 'Location'],
  ['website', 'Website'],
  ['bluesky', 'Bluesky'],
  ['xcom', 'X'],
  ['reddit', 'Reddit'],
] as const;

type ProfileField = (typeof PROFILE_FIELDS)[number][0];

/** A profile as a snapshot's text; moderation compares the live profile with it the same way. */
export function profileSnapshotText(displayName: string, row: Record<ProfileField, string>): string {
  const fields = PROFILE_FIELDS.flatMap(([field, label]) => {
    const value = row[field].trim();
    return value ? [`${label}: ${value}`] : [];
  });
  return [`Display name: ${displayName}`, ...fields].join('\n');
}

async function captureProfile(db: Db, viewer: SignedInViewer, uid: string, capturedAt: string): Promise<CapturedTarget> {
  const [row, blocks] = await Promise.all([
    db
      .selectFrom('users')
      .select(['uid', 'displayName', 'name', ...HIDING_COLUMNS, ...PROFILE_FIELDS.map(([field]) => field)])
      .where('uid', '=', uid)
      .executeTakeFirst(),
    loadBlockFacts(db, viewer, uid),
  ]);
  if (!row || !profilePolicy.can(viewer, 'read', { uid: row.uid, hidden: accountHidden(row), blocksViewer: blocks.blockedBy })) throw gone();
  const displayName = authorName(row);
  return {
    authorUid: row.uid,
    snapshot: {
      targetType: 'profile',
      targetId: uid,
      authorUid: row.uid,
      authorName: displayName,
      capturedAt,
      text: profileSnapshotText(displayName, row),
    },
  };
}

const MESSAGE_COLUMNS = ['id', 'conversationId', 'from', 'text', 'created_at', 'deletedAt'] as const;

async function captureMessage(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget> {
  const message = await db.selectFrom('conversationMessages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!message) throw gone();
  const conversation = await findConversationView(db, message.conversationId);
  // Only a participant (or an admin on a feature request's thread) reads it: to anyone else it does not exist.
  if (!conversation || !conversationPolicy.can(viewer, 'read', conversation)) throw gone();
  // Deleted for everyone, or for the reporter: there is nothing left that they see.
  if (message.deletedAt !== null) throw gone();
  const hidden = await db.selectFrom('conversationMessageHides').select('uid').where('messageId', '=', id).where('uid', '=', viewer.uid).executeTakeFirst();
  if (hidden) throw gone();

  // The thread's order is (created_at, id), as the conversation pages read it.
  const inThread = () => db.selectFrom('conversationMessages').select(MESSAGE_COLUMNS).where('conversationId', '=', message.conversationId);
  const [before, after] = await Promise.all([
    inThread()
      .where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(message.created_at, message.id)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MESSAGE_CONTEXT)
      .execute(),
    inThread()
      .where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '>', tuple(message.created_at, message.id)))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(MESSAGE_CONTEXT)
      .execute(),
  ]);
  const thread = [...before.reverse(), message, ...after];
  const names = await namesOf(db, thread.map((m) => m.from));
  const messages = thread.map((m) => ({
    id: m.id,
    fromUid: m.from,
    fromName: names.get(m.from) ?? YOUR_DATA_TEXTS.deletedUser,
    text: m.deletedAt !== null ? MESSAGE_TEXTS.deleted : m.text,
    created_at: m.created_at,
    reported: m.id === message.id,
  }));
  return {
    authorUid: message.from,
    snapshot: {
      targetType: 'message',
      targetId: id,
      authorUid: message.from,
      authorName: names.get(message.from) ?? YOUR_DATA_TEXTS.deletedUser,
      capturedAt,
      text: message.text,
      conversationId: message.conversationId,
      messages,
    },
  };
}

const CAPTURES: Record<ReportTargetType, (db: Db, viewer: SignedInViewer, id: string, capturedAt: string) => Promise<CapturedTarget>> = {
  story: captureStory,
  comment: captureComment,
  profile: captureProfile,
  message: captureMessage,
};

/** The reported thing as the viewer sees it now; 404 REPORT_TEXTS.notFound when it is missing or not theirs to read. */
export function captureTarget(db: Db, viewer: SignedInViewer, type: ReportTargetType, id: string, capturedAt: string): Promise<CapturedTarget> {
  return CAPTURES[type](db, viewer, id, capturedAt);
}
