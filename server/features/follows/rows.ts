import type { Kysely } from 'kysely';
import type { WriterRow } from '@common/follows/follows';
import { isProfileIcon } from '@common/profile/icons';
import type { Database } from '../../db/types';
import type { Viewer } from '../../policy/viewer';
import { authorName } from '../../shared/author';
import { followStatesOf, latestStories } from './queries';

type Db = Kysely<Database>;

/** The users columns a writer row is built from; list queries select these from `users as u`. */
export const WRITER_COLUMNS = ['u.uid', 'u.displayName', 'u.name', 'u.profileIcon', 'u.profileImage'] as const;

export interface WriterUser {
  uid: string;
  displayName: string | null;
  name: string;
  profileIcon: string;
  profileImage: string | null;
}

/**
 * Writer rows as every list shows them: name, avatar, newest public story and the follow
 * state between the viewer and each (one query per fact for the whole page).
 */
export async function writerRows(db: Db, viewer: Viewer, users: WriterUser[]): Promise<WriterRow[]> {
  const uids = users.map((u) => u.uid);
  if (uids.length === 0) return [];
  const me = viewer?.uid;
  const [latest, [following, followedBy, requested]] = await Promise.all([latestStories(db, viewer, uids), me ? followStatesOf(db, me, uids) : [[], [], []]]);
  const set = (rows: Array<{ uid: string }>) => new Set(rows.map((r) => r.uid));
  const [iFollow, followMe, iAsked] = [set(following), set(followedBy), set(requested)];
  return users.map((u) => ({
    uid: u.uid,
    displayName: authorName(u),
    profileIcon: isProfileIcon(u.profileIcon) ? u.profileIcon : 'User',
    profileImage: u.profileImage,
    latestStory: latest.get(u.uid) ?? null,
    following: iFollow.has(u.uid),
    followedBy: followMe.has(u.uid),
    requested: iAsked.has(u.uid),
    friends: iFollow.has(u.uid) && followMe.has(u.uid),
  }));
}
