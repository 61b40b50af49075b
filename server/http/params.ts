import type { Context } from 'hono';
import { USER_ID_PATTERN } from '@common/story';
import { USER_NOT_FOUND } from '../policy/profiles';
import { STORY_NOT_FOUND } from '../policy/stories';
import { ID_PATTERN } from '../shared/ids';
import { notFound } from './errors';

/** The path's story id; one that cannot be an id is simply not found. */
export function storyIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!ID_PATTERN.test(id)) throw notFound(STORY_NOT_FOUND);
  return id;
}

/** The path's user id (`:uid`); one that cannot be a better-auth id is simply not found. */
export function userIdParam(c: Context): string {
  const uid = c.req.param('uid') ?? '';
  if (!USER_ID_PATTERN.test(uid)) throw notFound(USER_NOT_FOUND);
  return uid;
}
