import { z } from 'zod';
import { emptyAsMissing, requiredText } from '../shared/text';

export const FEATURE_REQUEST_STATUSES = ['new', 'in-progress', 'responded', 'resolved'] as const;
export type FeatureRequestStatus = (typeof FEATURE_REQUEST_STATUSES)[number];

export const FEATURE_TEXT_MAX = 2000;
/** The admin notification shows this many characters of the request. */
export const NOTIFICATION_PREVIEW_LENGTH = 80;
export const EMPTY_SUGGESTION_MESSAGE = 'Please enter a feature suggestion.';
export const SUGGESTION_THANKS = 'Feature request submitted! Thank you for your feedback.';

export const featureRequestInputSchema = z.object({
  text: requiredText('Your suggestion', {
    empty: EMPTY_SUGGESTION_MESSAGE,
    max: FEATURE_TEXT_MAX,
    tooLong: `Please keep your suggestion under ${FEATURE_TEXT_MAX} characters.`,
  }),
});
export type FeatureRequestInput = z.infer<typeof featureRequestInputSchema>;

export const featureRequestSchema = z.object({
  id: z.string(),
  text: z.string(),
  user: z.object({ uid: z.string(), displayName: z.string().nullable(), email: z.string() }),
  status: z.enum(FEATURE_REQUEST_STATUSES),
  created_at: z.string(),
  lastActivity: z.string(),
  hasAdminResponse: z.boolean(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;

/** POST /api/feature-requests: the request as stored. */
export const featureRequestSubmittedSchema = z.object({ featureRequest: featureRequestSchema });

/*
 * The admin side and "My suggestions". API contract:
 *
 * GET    /api/admin/feature-requests?status=all|new|in-progress|responded|resolved&cursor=
 *          → AdminFeatureRequestPage (newest first; `counts` per filter for the buttons and heading)
 * PATCH  /api/admin/feature-requests/:id/status {status}   → AdminFeatureRequestResponse
 * POST   /api/admin/feature-requests/:id/responses {text}  → AdminFeatureRequestResponse, 201
 *          (one transaction: response, status responded, conversation found or created, messages, admin log)
 * POST   /api/admin/feature-requests/:id/read              → AdminFeatureRequestResponse (user replies marked read)
 * DELETE /api/admin/feature-requests/:id                   → { deleted: true }
 * GET    /api/feature-requests/mine                        → MyFeatureRequestsResponse (the requester's own, newest first)
 * Guests get 401, signed-in non-admins 403 on every /api/admin route.
 */

export const FEATURE_REQUEST_FILTERS = ['all', ...FEATURE_REQUEST_STATUSES] as const;
export type FeatureRequestFilter = (typeof FEATURE_REQUEST_FILTERS)[number];
export const FEATURE_REQUEST_PAGE_SIZE = 30;
export const RESPONSE_TEXT_MAX = 2000;

/** The dropdown's labels (spec: New, In Progress, Responded, Resolved). */
export const FEATURE_REQUEST_STATUS_LABELS: Record<FeatureRequestStatus, string> = {
  new: 'New',
  'in-progress': 'In Progress',
  responded: 'Responded',
  resolved: 'Resolved',
};

export const FEATURE_REQUEST_TEXTS = {
  heading: (n: number) => `Feature Requests (${n})`,
  empty: 'No feature requests found.',
  confirmDelete: 'Are you sure you want to delete this feature request?',
  statusChanged: (status: FeatureRequestStatus) => `Request marked as ${status}`,
  statusFailed: 'Failed to update request status',
  loadFailed: 'Failed to load feature requests',
  respondTitle: 'Respond to Feature Request',
  responseSent: 'Response sent to user!',
  responseFailed: 'Failed to send response',
} as const;

/** A `nextCursor` passed back: opaque base64url, bounded (empty means none). The server checks what it decodes to. */
const cursorSchema = emptyAsMissing(z.string().regex(/^[A-Za-z0-9_-]{1,500}$/, 'This list has changed. Please reload it.').optional());

export const featureRequestFilterQuerySchema = z.object({
  status: emptyAsMissing(z.enum(FEATURE_REQUEST_FILTERS, 'Unknown filter.').default('all')),
  cursor: cursorSchema,
});

export const featureRequestStatusUpdateSchema = z.object({ status: z.enum(FEATURE_REQUEST_STATUSES, 'Unknown status.') }).strict();

export const featureResponseInputSchema = z
  .object({
    text: requiredText('Your response', {
      empty: 'Please write a response.',
      max: RESPONSE_TEXT_MAX,
      tooLong: `Please keep your response under ${RESPONSE_TEXT_MAX} characters.`,
    }),
  })
  .strict();

export const featureRequestResponseSchema = z.object({
  id: z.string(),
  /** The sender's uid. */
  from: z.string(),
  fromType: z.enum(['admin', 'user']),
  text: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type FeatureRequestResponse = z.infer<typeof featureRequestResponseSchema>;

export const adminFeatureRequestSchema = featureRequestSchema.extend({
  responses: z.array(featureRequestResponseSchema),
  responseCount: z.number().int().nonnegative(),
  /** A reply from the requester that no admin has read yet. */
  hasUnreadUserReply: z.boolean(),
  conversationId: z.string().nullable(),
});
export type AdminFeatureRequest = z.infer<typeof adminFeatureRequestSchema>;

export const adminFeatureRequestPageSchema = z.object({
  featureRequests: z.array(adminFeatureRequestSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.enum(FEATURE_REQUEST_FILTERS), z.number().int().nonnegative()),
});
export type AdminFeatureRequestPage = z.infer<typeof adminFeatureRequestPageSchema>;

export const adminFeatureRequestResponseSchema = z.object({ featureRequest: adminFeatureRequestSchema });
export const featureRequestDeletedSchema = z.object({ deleted: z.literal(true) });

export const myFeatureRequestSchema = featureRequestSchema.extend({
  responseCount: z.number().int().nonnegative(),
  conversationId: z.string().nullable(),
});
export const myFeatureRequestsResponseSchema = z.object({ featureRequests: z.array(myFeatureRequestSchema) });
export type MyFeatureRequest = z.infer<typeof myFeatureRequestSchema>;

export const FEATURE_REQUEST_NOT_FOUND = 'Feature request not found';
/** "My suggestions" lists the requester's newest requests, up to this many. */
export const MY_FEATURE_REQUESTS_LIMIT = 50;
