import { z } from 'zod';
import { USER_ID_PATTERN } from '../stories/story';

/*
 * Path parameters. A value that cannot be an id names nothing: the server answers 404 with
 * the schema's message, the same answer as an id that names no record.
 */

/** Ids this server hands out (server/shared/ids.ts newId): stories, comments, conversations, messages… */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** A path segment holding an id this server handed out; `missing` is the 404's message. */
export const recordId = (missing: string) => z.string().regex(RECORD_ID_PATTERN, missing);

/** Ids with hyphens: UUIDs (invites, feature requests, admin notifications) and slugs (starter greetings, `starter-01`). */
export const DASHED_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** A path segment holding a UUID or a slug; `missing` is the 404's message. */
export const dashedId = (missing: string) => z.string().regex(DASHED_ID_PATTERN, missing);

/** A path segment holding a better-auth user id (`:uid`). */
export const userId = (missing: string) => z.string().regex(USER_ID_PATTERN, missing);
