import { z } from 'zod';
import { STORY_NOT_FOUND } from '../stories/story';
import { storyRestoredSchema, storyVersionPageSchema, storyVersionResponseSchema, storyVersionRestoreSchema, storyVersionsQuerySchema, VERSION_NOT_FOUND } from './versions';
import { defineRoute } from '../contracts/define';
import { recordId } from '../contracts/params';

/** Where the versions router is mounted (server/app.ts), beside the other routers of /api/stories. */
export const STORY_VERSIONS_BASE = '/api/stories';

const storyParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND) });
const versionParamsSchema = z.object({ id: recordId(STORY_NOT_FOUND), versionId: recordId(VERSION_NOT_FOUND) });

/**
 * The author's earlier texts of a story (common/story-versions/versions.ts): theirs alone, 403 for a
 * reader of a public story, 404 for anyone who cannot read it.
 */
export const storyVersionContracts = {
  /** Newest first, a page at a time. */
  list: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/stories/:id/versions', params: storyParamsSchema, query: storyVersionsQuerySchema, response: storyVersionPageSchema }),
  /** One version with its whole text. */
  read: defineRoute({ access: 'signedIn', method: 'GET', path: '/api/stories/:id/versions/:versionId', params: versionParamsSchema, response: storyVersionResponseSchema }),
  /**
   * Makes the version the story's text again, as a save. The body may be left out, or give the
   * browser's zone for the day the words count towards.
   */
  restore: defineRoute({
    access: 'signedIn',
    method: 'POST',
    path: '/api/stories/:id/versions/:versionId/restore',
    params: versionParamsSchema,
    body: storyVersionRestoreSchema.optional(),
    response: storyRestoredSchema,
  }),
};
