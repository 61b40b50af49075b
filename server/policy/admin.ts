import { forbidden } from '../http/errors';
import { adminAny, assertSignedIn, type AdminViewer, type Viewer } from './viewer';

/**
 * The admin panel's actions. Each is admin-any (there is no "own" here): an admin acts on
 * everyone's records, every other signed-in person gets 403 'Admins only.', a guest 401.
 * Admin actions on a resource (a feature request's status, say) belong in that
 * resource's module, written with the same `adminAny`.
 */
export type AdminAction = 'viewOverview' | 'viewDashboard' | 'viewAuditLog' | 'readNotifications' | 'manageNotifications' | 'manageRegistration' | 'manageFederation';

/** Admin notifications are addressed to 'admin' (spec): every admin reads them and marks them read for all. */
const rules: Record<AdminAction, (viewer: Viewer) => boolean> = {
  viewOverview: adminAny,
  viewDashboard: adminAny,
  viewAuditLog: adminAny,
  readNotifications: adminAny,
  manageNotifications: adminAny,
  /** Who may join: the registration mode, blocked domains, invites and approvals. */
  manageRegistration: adminAny,
  /** Domain blocks and silences, and the health of deliveries to other servers. */
  manageFederation: adminAny,
};

export const ADMIN_ACTIONS = Object.keys(rules) as AdminAction[];

export const adminPolicy = {
  can: (viewer: Viewer, action: AdminAction): boolean => rules[action](viewer),
};

export function authorizeAdmin(viewer: Viewer, action: AdminAction): asserts viewer is AdminViewer {
  assertSignedIn(viewer);
  if (!rules[action](viewer)) throw forbidden('Admins only.');
}
