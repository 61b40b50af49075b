import { warningMask, type ReadingPreferences } from '@common/stories/content-warnings';
import { unauthenticated } from '../http/errors';

/**
 * Who is asking: a signed-in person (their uid, and whether they are an admin) or a guest
 * (null). Built once per request from the session (`c.var.viewer`); every policy takes it.
 */
export interface SignedInViewer {
  uid: string;
  /** Whether this request may use admin powers: an admin account, and a session REQUIRE_ADMIN_2FA accepts. */
  admin: boolean;
  /**
   * An admin account whose powers this session does not have: REQUIRE_ADMIN_2FA is on and the
   * session did not pass the second factor (auth/session.ts). `admin` is false for it, so
   * every rule that gives admins more refuses; rules that hold admins back read `accountAdmin`.
   */
  adminHeldBack?: true;
  /**
   * The content warnings (a mask, common/stories/content-warnings.ts) whose stories the reader's
   * lists leave out: read with the users row, so filtering costs no statement. Absent: none.
   */
  hiddenWarnings?: number;
}
export type Viewer = SignedInViewer | null;
export type AdminViewer = SignedInViewer & { admin: true };

type ViewerSource = Omit<SignedInViewer, 'hiddenWarnings'> & { readingPreferences?: ReadingPreferences };

/** A users record (or anything with uid and admin) as a viewer: only the facts policies and lists use. */
export function viewerOf(user: ViewerSource): SignedInViewer;
export function viewerOf(user: ViewerSource | null): Viewer;
export function viewerOf(user: ViewerSource | null): Viewer {
  if (user === null) return null;
  const hidden = user.readingPreferences ? warningMask(user.readingPreferences.hiddenWarnings) : 0;
  return hidden === 0 ? { uid: user.uid, admin: user.admin } : { uid: user.uid, admin: user.admin, hiddenWarnings: hidden };
}

/**
 * The words rules are written in. `own`: the viewer is the record's owner (its `uid`).
 * `adminAny`: an admin, acting on anyone's record. `signedIn`: any person with a session.
 */
export const signedIn = (viewer: Viewer): viewer is SignedInViewer => viewer !== null;
export const own = (viewer: Viewer, record: { uid: string }): boolean => viewer !== null && viewer.uid === record.uid;
export const adminAny = (viewer: Viewer): viewer is AdminViewer => viewer !== null && viewer.admin;
/** The account is an admin, whether or not this session may act as one: for rules that hold admins back (no contest votes). */
export const accountAdmin = (viewer: Viewer): boolean => viewer !== null && (viewer.admin || viewer.adminHeldBack === true);

/** 401 for a guest: the first step of every authorize function that needs a session. */
export function assertSignedIn(viewer: Viewer): asserts viewer is SignedInViewer {
  if (!signedIn(viewer)) throw unauthenticated();
}
