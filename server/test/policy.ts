import { AppError } from '../http/errors';
import type { SignedInViewer, Viewer } from '../policy/viewer';

/** The four viewers every policy test asks about: owner means the record's `uid`. */
export const OWNER: SignedInViewer = { uid: 'ada', admin: false };
export const OTHER: SignedInViewer = { uid: 'bob', admin: false };
export const ADMIN: SignedInViewer = { uid: 'root', admin: true };
export const VIEWERS: Array<[name: 'guest' | 'other' | 'owner' | 'admin', viewer: Viewer]> = [
  ['guest', null],
  ['other', OTHER],
  ['owner', OWNER],
  ['admin', ADMIN],
];

/** Test helper: what an authorize call answers, as [status, message], or 'ok'. */
export function answer(authorize: () => void): 'ok' | [number, string] {
  try {
    authorize();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return [err.status, err.message];
    throw err;
  }
}

/** Test helper: the HTTP status an authorize call answers with (200 when it lets the viewer through). */
export function statusOf(authorize: () => void): number {
  const answered = answer(authorize);
  return answered === 'ok' ? 200 : answered[0];
}
