import { z } from 'zod';
import { safeText } from './text';

export const FEATURE_REQUEST_STATUSES = ['new', 'in-progress', 'responded', 'resolved'] as const;
export type FeatureRequestStatus = (typeof FEATURE_REQUEST_STATUSES)[number];

export const FEATURE_TEXT_MAX = 2000;
/** The admin notification shows this many characters of the request. */
export const NOTIFICATION_PREVIEW_LENGTH = 80;
export const EMPTY_SUGGESTION_MESSAGE = 'Please enter a feature suggestion.';
export const SUGGESTION_THANKS = 'Feature request submitted! Thank you for your feedback.';

export const featureRequestInputSchema = z.object({
  text: safeText('Your suggestion', { typeError: EMPTY_SUGGESTION_MESSAGE })
    .trim()
    .min(1, EMPTY_SUGGESTION_MESSAGE)
    .max(FEATURE_TEXT_MAX, `Please keep your suggestion under ${FEATURE_TEXT_MAX} characters.`),
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
