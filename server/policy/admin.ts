import { forbidden } from '../http/errors';
import { adminAny, assertSignedIn, type AdminViewer, type Viewer } from './viewer';

/**
 * The admin panel's actions. Each is admin-any (there is no "own" here): an admin acts on
 * everyone's records, every other signed-in person gets 403 'Admins only.', a guest 401.
 * Admin actions on a resource (a feature request's status, say) belong in that
 * resource's module, written with the same `adminAny`.
 */
export type AdminAction = 'viewOverview';

const rules: Record<AdminAction, (viewer: Viewer) => boolean> = {
  viewOverview: adminAny,
};

export const adminPolicy = {
  can: (viewer: Viewer, action: AdminAction): boolean => rules[action](viewer),
};

export function authorizeAdmin(viewer: Viewer, action: AdminAction): asserts viewer is AdminViewer {
  assertSignedIn(viewer);
  if (!rules[action](viewer)) throw forbidden('Admins only.');
}
