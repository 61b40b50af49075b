import { forbidden } from '../../http/errors';
import { adminAny, assertSignedIn, type AdminViewer, type Viewer } from '../../policy/viewer';

/**
 * Who may run the weekly contests. There is no owner: the contests belong to the site.
 * - manage: create, edit before entries open, disqualify an entry, and see every entry's author: admin-any.
 * Entering and voting are for every writer in good standing (common/contests/contests.ts); admins may
 * enter but never vote (they see the authors).
 */
export type ContestAction = 'manage';

/** 401 for a guest; 403 ('Admins only.') for a writer. */
export function authorizeContests(viewer: Viewer, _action: ContestAction): asserts viewer is AdminViewer {
  assertSignedIn(viewer);
  if (!adminAny(viewer)) throw forbidden('Admins only.');
}
