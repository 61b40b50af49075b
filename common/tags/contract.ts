import { z } from 'zod';
import { tagParamSchema } from './tags';
import { tagFollowResponseSchema, tagListResponseSchema, tagPageQuerySchema, tagPageSchema, tagSuggestQuerySchema } from './tag-pages';
import { defineRoute } from '../contracts/define';

/** Where the tags router is mounted (server/app.ts). */
export const TAGS_BASE = '/api/tags';

const tagParamsSchema = z.object({ name: tagParamSchema });

/** /api/tags: tag pages, suggestions, the week's tags and following them (docs/decisions/0044-tags.md). */
export const tagContracts = {
  /** Open to guests: the tags used most in the last seven days. */
  trending: defineRoute({ access: 'guest', method: 'GET', path: '/api/tags', response: tagListResponseSchema }),
  /** Open to guests: existing tags starting with `q` (by key), most used first. */
  suggest: defineRoute({ access: 'guest', method: 'GET', path: '/api/tags/suggest', query: tagSuggestQuerySchema, response: tagListResponseSchema }),
  /** The tags the reader follows. */
  followed: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/tags/followed', response: tagListResponseSchema }),
  /** Open to guests: the tag and its public stories under the community's rules. */
  page: defineRoute({ access: 'guest', method: 'GET', path: '/api/tags/:name', params: tagParamsSchema, query: tagPageQuerySchema, response: tagPageSchema }),
  follow: defineRoute({ access: 'signedIn', method: 'POST', path: '/api/tags/:name/follow', params: tagParamsSchema, response: tagFollowResponseSchema }),
  unfollow: defineRoute({ access: 'signedIn', method: 'DELETE', path: '/api/tags/:name/follow', params: tagParamsSchema, response: tagFollowResponseSchema }),
};
