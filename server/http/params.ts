import type { Context } from 'hono';
import { STORY_NOT_FOUND } from '../policy/stories';
import { ID_PATTERN } from '../shared/ids';
import { notFound } from './errors';

/** The path's story id; one that cannot be an id is simply not found. */
export function storyIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!ID_PATTERN.test(id)) throw notFound(STORY_NOT_FOUND);
  return id;
}
