import { z } from 'zod';
import { userRecordSchema } from './user';

/**
 * Messages on the live-update stream (GET /api/events). The SSE `event:` field is the
 * type; `data:` is the JSON of the matching payload.
 */
export const liveEventSchemas = {
  'user.updated': z.object({ user: userRecordSchema }),
} as const;
export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEventPayload<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;
export const LIVE_EVENT_TYPES = Object.keys(liveEventSchemas) as LiveEventType[];
