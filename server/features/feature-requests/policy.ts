import { FEATURE_REQUEST_NOT_FOUND } from '@common/feature-requests/feature-requests';
import { forbidden, notFound } from '../../http/errors';
import { adminAny, assertSignedIn, signedIn, type AdminViewer, type SignedInViewer, type Viewer } from '../../policy/viewer';

/**
 * Who may do what with feature requests. Submitting one is any signed-in person's (the
 * route's `requireUser`); everything else but "My suggestions" is the admin panel's.
 *
 * - list, changeStatus, respond, markRead, delete: admin-any. Every other signed-in person
 *   gets 403 'Admins only.' (whether or not the request exists), a guest 401.
 * - listMine: any signed-in person, and only their own requests (the query filters by uid).
 *
 * A request's thread is a conversation: who may read and reply there is conversations.ts.
 */
export { FEATURE_REQUEST_NOT_FOUND };

export type FeatureRequestAdminAction = 'list' | 'changeStatus' | 'respond' | 'markRead' | 'delete';
export type FeatureRequestAction = FeatureRequestAdminAction | 'listMine';

const ADMINS_ONLY = 'Admins only.';

const rules: Record<FeatureRequestAction, (viewer: Viewer) => boolean> = {
  list: adminAny,
  changeStatus: adminAny,
  respond: adminAny,
  markRead: adminAny,
  delete: adminAny,
  listMine: signedIn,
};

export const featureRequestPolicy = {
  can: (viewer: Viewer, action: FeatureRequestAction): boolean => rules[action](viewer),
};

/** 401 for a guest, 403 when the viewer may not do `action`: checked before anything is read. */
export function authorizeFeatureRequests(viewer: Viewer, action: FeatureRequestAdminAction): asserts viewer is AdminViewer;
export function authorizeFeatureRequests(viewer: Viewer, action: FeatureRequestAction): asserts viewer is SignedInViewer;
export function authorizeFeatureRequests(viewer: Viewer, action: FeatureRequestAction): void {
  assertSignedIn(viewer);
  if (!rules[action](viewer)) throw forbidden(ADMINS_ONLY);
}

/**
 * For one request, inside the transaction that locked it: 401, 403 as above (so a refused
 * viewer never learns whether the id exists), then 404 when it is missing.
 */
export function authorizeFeatureRequest<R>(viewer: Viewer, action: FeatureRequestAdminAction, request: R | null | undefined): asserts request is R {
  authorizeFeatureRequests(viewer, action);
  if (!request) throw notFound(FEATURE_REQUEST_NOT_FOUND);
}
