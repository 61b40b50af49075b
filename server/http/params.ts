import type { Context } from 'hono';
import { USER_ID_PATTERN } from '@common/stories/story';
import { USER_NOT_FOUND } from '../policy/profiles';
import { STORY_NOT_FOUND } from '../policy/stories';
import { DASHED_ID_PATTERN, ID_PATTERN } from '../shared/ids';
import { notFound } from './errors';

/** What an id in a path can look like, by what it names. */
const ID_SHAPES = {
  /** Ids this server hands out (shared/ids.ts `newId`): stories, comments, conversations, cases… */
  record: ID_PATTERN,
  /** better-auth's user ids (`:uid`). */
  user: USER_ID_PATTERN,
  /** UUIDs and slugs: feature requests, admin notifications, greetings. */
  dashed: DASHED_ID_PATTERN,
} as const;

export type IdShape = keyof typeof ID_SHAPES;

/**
 * The path parameter `name` as an id of the given shape. One that cannot be such an id is
 * simply not found: 404 with `missing`, the same answer as an id that names nothing.
 */
export function idParam(c: Context, name: string, missing: string, shape: IdShape = 'record'): string {
  const id = c.req.param(name) ?? '';
  if (!ID_SHAPES[shape].test(id)) throw notFound(missing);
  return id;
}

/** The path's story id (`:id`). */
export const storyIdParam = (c: Context): string => idParam(c, 'id', STORY_NOT_FOUND);

/** The path's user id (`:uid`). */
export const userIdParam = (c: Context): string => idParam(c, 'uid', USER_NOT_FOUND, 'user');
