import type { Kysely, Selectable, Transaction } from 'kysely';
import { isAccentColor, isThemeMode, type ThemeMode } from '@common/me/theme';
import { isProfileIcon } from '@common/profile/icons';
import { deriveFirstLast } from '@common/account/names';
import { suggestHandle } from '@common/handles/handle';
import type { UserRecord } from '@common/me/user';
import type { ServerContext, SessionUser } from '../context';
import type { Database, UsersTable } from '../db/types';
import { compiledOnce } from '../db/compiled-once';
import { fromDbBool, toDbBool } from '../db/bool';
import { userTopic } from '../events/bus';
import { notFound, unauthenticated } from '../http/errors';
import { REPORT_TEXTS } from '@common/moderation/moderation';
import { warningsOfMask } from '@common/stories/content-warnings';
import { readableBy } from '../policy/readable-stories';
import { shelfFactColumns, toShelfFacts, type ShelfFacts } from '../policy/relations';
import { insertWithFreeHandle } from './handles';
import type { SignedInViewer } from '../policy/viewer';

/*
 * The users record: how it is read, created on first sign-in (provisioning) and changed.
 * Every feature that reads or changes a person's record comes through here.
 */

type UserRow = Selectable<UsersTable>;

/** The columns a record is made of (and the legacy flag it may still need converting). */
const RECORD_COLUMNS = [
  'uid', 'name', 'email', 'first', 'last', 'created_at', 'lastActive', 'profileIcon', 'colorTheme', 'themeMode', 'admin',
  'emailVerified', 'profileImage', 'displayName', 'streak', 'bestStreak', 'streakFreezes', 'dailyGoal', 'aboutMe', 'pronouns', 'bio',
  'location', 'website', 'bluesky', 'xcom', 'reddit', 'darkMode', 'deactivatedAt', 'deleteAfter', 'limitedAt', 'suspendedAt', 'deletedAt',
  'tutorialSeenAt', 'awaitingApprovalSince', 'hiddenWarnings', 'alwaysShowText', 'handle',
] as const satisfies ReadonlyArray<keyof UsersTable>;
type RecordRow = Pick<UserRow, (typeof RECORD_COLUMNS)[number]>;

/** A row as the API shows it. Unknown stored theme values are ignored, never passed on. */
export function toUserRecord(row: RecordRow, favorites: string[]): UserRecord {
  return { ...toSessionUser(row), favorites };
}

/** The record without its favourites: what a request knows of its signed-in person. */
function toSessionUser(row: RecordRow): SessionUser {
  return {
    uid: row.uid,
    handle: row.handle,
    name: row.name,
    email: row.email,
    first: row.first,
    last: row.last,
    created_at: row.created_at,
    createdAt: row.created_at,
    lastActive: row.lastActive,
    profileIcon: isProfileIcon(row.profileIcon) ? row.profileIcon : 'User',
    colorTheme: isAccentColor(row.colorTheme) ? row.colorTheme : 'blue',
    themeMode: isThemeMode(row.themeMode) ? row.themeMode : null,
    admin: fromDbBool(row.admin),
    emailVerified: fromDbBool(row.emailVerified),
    profileImage: row.profileImage,
    displayName: row.displayName,
    streak: row.streak,
    bestStreak: row.bestStreak,
    streakFreezes: row.streakFreezes,
    dailyGoal: row.dailyGoal,
    aboutMe: row.aboutMe,
    pronouns: row.pronouns,
    bio: row.bio,
    location: row.location,
    website: row.website,
    bluesky: row.bluesky,
    xcom: row.xcom,
    reddit: row.reddit,
    deactivatedAt: row.deactivatedAt,
    deleteAfter: row.deleteAfter,
    limited: row.limitedAt !== null,
    tutorialSeenAt: row.tutorialSeenAt,
    awaitingApproval: row.awaitingApprovalSince !== null,
    readingPreferences: { hiddenWarnings: warningsOfMask(Number(row.hiddenWarnings)), alwaysShowText: fromDbBool(row.alwaysShowText) },
  };
}

/** A suspended account and a deleted one's tombstone have no sessions: requests carrying one are a guest's. */
const signedOut = (row: Pick<UserRow, 'suspendedAt' | 'deletedAt'>) => row.suspendedAt !== null || row.deletedAt !== null;

/** Ids of the user's favourited stories they can still read, most recently favourited first. */
async function loadFavorites(db: Kysely<Database>, viewer: SignedInViewer): Promise<string[]> {
  const rows = await db
    .selectFrom('userFavorites as f')
    .innerJoin('stories as s', 's.id', 'f.storyId')
    .select('f.storyId')
    .where('f.uid', '=', viewer.uid)
    .where(readableBy(viewer))
    .orderBy('f.created_at', 'desc')
    .execute();
  return rows.map((row) => row.storyId);
}

/** The legacy darkMode flag becomes a themeMode the first time the record is read. */
async function migrateLegacyDarkMode(db: Kysely<Database>, row: RecordRow): Promise<RecordRow> {
  if (row.darkMode === null || isThemeMode(row.themeMode)) return row;
  const themeMode: ThemeMode = fromDbBool(row.darkMode) ? 'dark-blue' : 'light';
  await db.updateTable('users').set({ themeMode, darkMode: null }).where('uid', '=', row.uid).execute();
  return { ...row, themeMode, darkMode: null };
}

export async function findUser(db: Kysely<Database>, uid: string): Promise<UserRecord | null> {
  const user = await findSessionUser(db, uid);
  return user && withFavorites(db, user);
}

/** The account with this email address, in any case (the command line's way of naming one). */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select('uid')
    .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row ? findUser(db, row.uid) : null;
}

/** The users row alone, by primary key: one statement on every signed-in request. */
/** The session's users row: read on every signed-in request, so compiled once. */
const sessionUserRow = compiledOnce((db, uid: string) => db.selectFrom('users').select(RECORD_COLUMNS).where('uid', '=', uid));

export async function findSessionUser(db: Kysely<Database>, uid: string): Promise<SessionUser | null> {
  const [row] = await sessionUserRow(db, uid);
  return row && !signedOut(row) ? toSessionUser(await migrateLegacyDarkMode(db, row)) : null;
}

const sessionUserRowWithShelf = compiledOnce((db, uid: string, now: string) =>
  db.selectFrom('users').select(RECORD_COLUMNS).select(shelfFactColumns(uid, now)).where('uid', '=', uid),
);

/** The users row and, in the same statement, the reader's shelf facts as of `now` (policy/relations.ts). */
export async function findSessionUserWithShelf(db: Kysely<Database>, uid: string, now: string): Promise<{ user: SessionUser; shelf: ShelfFacts } | null> {
  const [row] = await sessionUserRowWithShelf(db, uid, now);
  return row && !signedOut(row) ? { user: toSessionUser(await migrateLegacyDarkMode(db, row)), shelf: toShelfFacts(row) } : null;
}

/** The whole record, for the screens that show favourites (GET /api/me, `user.updated`). */
export async function withFavorites(db: Kysely<Database>, user: SessionUser): Promise<UserRecord> {
  return { ...user, favorites: await loadFavorites(db, { uid: user.uid, admin: user.admin }) };
}

export interface NewUserInput {
  uid: string;
  email: string;
  displayName: string | null;
  /** better-auth's flag: the address was proved by our link or vouched for by a provider. */
  emailVerified: boolean;
}

/** ADMIN_EMAIL makes an admin only once someone has proved they hold that address. */
export function isOwner(email: string, emailVerified: boolean, adminEmail: string | null): boolean {
  return emailVerified && adminEmail !== null && email.trim().toLowerCase() === adminEmail;
}

/**
 * Creates the users record on first sign-in. Later calls keep `emailVerified` in step with
 * better-auth, granting admin to the owner address once it is verified.
 */
export async function ensureUserRecord(
  db: Kysely<Database>,
  input: NewUserInput,
  adminEmail: string | null,
): Promise<UserRecord> {
  return withFavorites(db, await ensureSessionUser(db, input, adminEmail));
}

/** ensureUserRecord without the favourites: what the session middleware needs. */
export async function ensureSessionUser(
  db: Kysely<Database>,
  input: NewUserInput,
  adminEmail: string | null,
): Promise<SessionUser> {
  const stored = await db.selectFrom('users').select(['suspendedAt', 'deletedAt']).where('uid', '=', input.uid).executeTakeFirst();
  // Sign-in refuses these accounts (auth/auth.ts); a session made just before a suspension ends here.
  if (stored && signedOut(stored)) throw unauthenticated(REPORT_TEXTS.suspendedSignIn);
  const existing = stored ? await findSessionUser(db, input.uid) : null;
  if (existing) {
    if (existing.emailVerified === input.emailVerified) return existing;
    await setEmailVerified(db, input.uid, input.emailVerified, adminEmail);
    return (await findSessionUser(db, input.uid)) ?? existing;
  }
  const now = new Date().toISOString();
  const displayName = input.displayName?.trim() || null;
  const { first, last } = deriveFirstLast(displayName, input.email);
  const email = input.email.trim();
  // A handle from the display name, else the address's local part; a number after it when taken.
  await insertWithFreeHandle(db, input.uid, suggestHandle(displayName, email.split('@')[0]), (trx, handle) =>
    trx
      .insertInto('users')
      .values({
        uid: input.uid,
        handle,
        name: displayName ?? [first, last].filter(Boolean).join(' '),
        email,
        first,
        last,
        created_at: now,
        lastActive: now,
        displayName,
        emailVerified: toDbBool(input.emailVerified),
        admin: toDbBool(isOwner(email, input.emailVerified, adminEmail)),
      })
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute(),
  );
  const created = await findSessionUser(db, input.uid);
  if (!created) throw new Error(`users record ${input.uid} was not created`);
  return created;
}

/** Records the verification state; the owner address becomes admin, an unverified address never is. */
export async function setEmailVerified(
  db: Kysely<Database>,
  uid: string,
  emailVerified: boolean,
  adminEmail: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      emailVerified: toDbBool(emailVerified),
      admin: emailVerified
        ? adminEmail === null
          ? eb.ref('admin')
          : eb.case().when(eb.fn('lower', [eb.ref('email')]), '=', adminEmail).then(toDbBool(true)).else(eb.ref('admin')).end()
        : toDbBool(false),
    }))
    .where('uid', '=', uid)
    .execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('deletedAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records the user's record as it stands in `trx` for every open tab and device of theirs:
 * sent once `trx` commits, never if it rolls back. Call it last in the transaction.
 */
export async function publishUserChanged(ctx: ServerContext, trx: Transaction<Database>, uid: string): Promise<UserRecord> {
  const user = await findUser(trx, uid);
  if (!user) throw notFound('User not found');
  await ctx.bus.record(trx, userTopic(uid), 'user.updated', { user });
  return user;
}

/** Runs `write` and records the user's new record in one transaction; returns that record. */
export function changeUser(ctx: ServerContext, uid: string, write: (trx: Transaction<Database>) => Promise<unknown>): Promise<UserRecord> {
  return ctx.db.transaction().execute(async (trx) => {
    await write(trx);
    return publishUserChanged(ctx, trx, uid);
  });
}
