import { z } from 'zod';
import {
  FEATURE_REQUEST_NOT_FOUND,
  adminFeatureRequestPageSchema,
  adminFeatureRequestResponseSchema,
  featureRequestDeletedSchema,
  featureRequestFilterQuerySchema,
  featureRequestInputSchema,
  featureRequestStatusUpdateSchema,
  featureRequestSubmittedSchema,
  featureResponseInputSchema,
  myFeatureRequestsResponseSchema,
} from './feature-requests';
import { defineRoute } from '../contracts/define';
import { dashedId } from '../contracts/params';

/** Where the feature-requests router is mounted (server/app.ts). */
export const FEATURE_REQUESTS_BASE = '/api/feature-requests';
/** Where the admins' feature-requests router is mounted (server/app.ts). */
export const ADMIN_FEATURE_REQUESTS_BASE = '/api/admin/feature-requests';

/** /api/feature-requests: submit a suggestion; the requester's own ("My suggestions"). */
export const featureRequestContracts = {
  submit: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/feature-requests', body: featureRequestInputSchema, response: featureRequestSubmittedSchema, status: 201 }),
  mine: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/feature-requests/mine', response: myFeatureRequestsResponseSchema }),
};

const featureRequestParamsSchema = z.object({ id: dashedId(FEATURE_REQUEST_NOT_FOUND) });

/** /api/admin/feature-requests: the admin list, status, responses, read marks, deletion. */
export const adminFeatureRequestContracts = {
  /** Newest first, one filter at a time, with the per-filter counts. */
  list: defineRoute({ access: 'admin', method: 'GET', path: '/api/admin/feature-requests', query: featureRequestFilterQuerySchema, response: adminFeatureRequestPageSchema }),
  setStatus: defineRoute({
    access: 'admin',
    method: 'PATCH',
    path: '/api/admin/feature-requests/:id/status',
    params: featureRequestParamsSchema,
    body: featureRequestStatusUpdateSchema,
    response: adminFeatureRequestResponseSchema,
  }),
  /** Also lands in the conversation with the requester. */
  respond: defineRoute({
    access: 'admin',
    method: 'POST',
    path: '/api/admin/feature-requests/:id/responses',
    params: featureRequestParamsSchema,
    body: featureResponseInputSchema,
    response: adminFeatureRequestResponseSchema,
    status: 201,
  }),
  /** Marks the requester's replies read. */
  markRead: defineRoute({ access: 'admin', method: 'POST', path: '/api/admin/feature-requests/:id/read', params: featureRequestParamsSchema, response: adminFeatureRequestResponseSchema }),
  remove: defineRoute({ access: 'admin', method: 'DELETE', path: '/api/admin/feature-requests/:id', params: featureRequestParamsSchema, response: featureRequestDeletedSchema }),
};
