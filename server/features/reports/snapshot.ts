import type { Kysely } from 'kysely';
import { MESSAGE_TEXTS } from '@common/messages/messages';
import { MESSAGE_CONTEXT, REPORT_TEXTS, type ReportSnapshot, type ReportTargetType } from '@common/moderation/moderation';
import { YOUR_DATA_TEXTS } from '@common/your-data/your-data';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { conversationPolicy } from '../../policy/messages';
import { findConversationView } from '../messages';
import { anthologyForReport } from '../anthologies';
import { accountHidden, profilePolicy } from '../../policy/profiles';
import { loadBlockFacts, withBlockFact } from '../../policy/relations';
import { storyPolicy } from '../../policy/stories';
import type { SignedInViewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields';
import {
  commentForSnapshot,
  messageForSnapshot,
  messageHiddenFor,
  messagesAround,
  nameRowsOf,
  profileForSnapshot,
  remoteReplyForSnapshot,
  storyForSnapshot,
} from './queries';

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

/** Names as others see them (never the email); a deleted account's tombstone reads "Deleted user". */
async function namesOf(db: Db, uids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const rows = await nameRowsOf(db, unique);
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
    await storyForSnapshot(db, storyId),
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
  const reply = await remoteReplyForSnapshot(db, id);
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
    await commentForSnapshot(db, id),
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
    profileForSnapshot(db, uid),
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

async function captureMessage(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget> {
  const message = await messageForSnapshot(db, id);
  if (!message) throw gone();
  const conversation = await findConversationView(db, message.conversationId);
  // Only a participant (or an admin on a feature request's thread) reads it: to anyone else it does not exist.
  if (!conversation || !conversationPolicy.can(viewer, 'read', conversation)) throw gone();
  // Deleted for everyone, or for the reporter: there is nothing left that they see.
  if (message.deletedAt !== null) throw gone();
  const hidden = await messageHiddenFor(db, id, viewer.uid);
  if (hidden) throw gone();

  const [before, after] = await Promise.all([messagesAround(db, message, 'before', MESSAGE_CONTEXT), messagesAround(db, message, 'after', MESSAGE_CONTEXT)]);
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

/** An anthology the reporter may see: its title, description and rules; its opener answers for it. */
async function captureAnthology(db: Db, viewer: SignedInViewer, id: string, capturedAt: string): Promise<CapturedTarget> {
  const anthology = await anthologyForReport(db, viewer, id);
  if (!anthology) throw gone();
  return {
    authorUid: anthology.uid,
    snapshot: { targetType: 'anthology', targetId: id, authorUid: anthology.uid, authorName: anthology.ownerName, capturedAt, title: anthology.title, text: anthology.text },
  };
}

const CAPTURES: Record<ReportTargetType, (db: Db, viewer: SignedInViewer, id: string, capturedAt: string) => Promise<CapturedTarget>> = {
  story: captureStory,
  comment: captureComment,
  profile: captureProfile,
  message: captureMessage,
  anthology: captureAnthology,
};

/** The reported thing as the viewer sees it now; 404 REPORT_TEXTS.notFound when it is missing or not theirs to read. */
export function captureTarget(db: Db, viewer: SignedInViewer, type: ReportTargetType, id: string, capturedAt: string): Promise<CapturedTarget> {
  return CAPTURES[type](db, viewer, id, capturedAt);
}
