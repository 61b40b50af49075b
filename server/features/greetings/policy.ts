import { forbidden } from '../../http/errors';
import { adminAny, assertSignedIn, signedIn, type SignedInViewer, type Viewer } from '../../policy/viewer';

/**
 * Who may do what with greetings. There is no owner: the list belongs to the site.
 *
 * - read: the greeting of the day, for anyone signed in (the home screen's heading).
 * - manage: the admin list, adding, editing, deleting, enabling, import and export: admin-any.
 */
export type GreetingAction = 'read' | 'manage';

const rules: Record<GreetingAction, (viewer: Viewer) => boolean> = {
  read: signedIn,
  manage: adminAny,
};

const REFUSALS: Record<GreetingAction, string> = {
  read: 'Please sign in to continue.',
  manage: 'Admins only.',
};

export const greetingPolicy = {
  can: (viewer: Viewer, action: GreetingAction): boolean => rules[action](viewer),
};

/** 401 for a guest; 403 ('Admins only.') for a writer who would manage the list. */
export function authorizeGreetings(viewer: Viewer, action: GreetingAction): asserts viewer is SignedInViewer {
  assertSignedIn(viewer);
  if (!rules[action](viewer)) throw forbidden(REFUSALS[action]);
}
