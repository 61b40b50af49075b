import { promptInputSchema } from '@common/prompts/prompts';
import { VERSION_NOT_FOUND, type StoryVersion, type StoryVersionPage } from '@common/story-versions/versions';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { authorizeStory } from '../../policy/stories';
import type { Viewer } from '../../policy/viewer';
import type { Actor } from '../../shared/actor';
import { findStoryRowFor, updateStory, type SavedStory } from '../stories';
import { findVersion, listVersions } from './queries';

export { VERSION_NOT_FOUND };

/**
 * A story's versions are its author's alone (policy: 'versions'): a reader of a public story
 * is refused (403), anyone who cannot read it finds no story (404), a guest must sign in (401).
 */
async function authorizeVersions(ctx: ServerContext, viewer: Viewer, storyId: string): Promise<void> {
  const row = await findStoryRowFor(ctx.db, viewer, storyId);
  authorizeStory(viewer, 'versions', row);
}

export async function readVersions(ctx: ServerContext, viewer: Viewer, storyId: string, cursor: string | undefined): Promise<StoryVersionPage> {
  await authorizeVersions(ctx, viewer, storyId);
  return listVersions(ctx.db, storyId, cursor);
}

export async function readVersion(ctx: ServerContext, viewer: Viewer, storyId: string, versionId: string): Promise<StoryVersion> {
  await authorizeVersions(ctx, viewer, storyId);
  const version = await findVersion(ctx.db, storyId, versionId);
  if (!version) throw notFound(VERSION_NOT_FOUND);
  return version;
}

/**
 * Makes a version the story's text again. It is an ordinary save (updateStory, under the
 * story's lock): the current text is kept as a version, words added count towards today, and
 * the version restored stays in the list. A prompt no longer in the lists is left as it is now.
 */
export async function restoreVersion(ctx: ServerContext, actor: Actor, storyId: string, versionId: string, timezone: string | undefined): Promise<SavedStory> {
  const version = await readVersion(ctx, actor.user, storyId, versionId);
  const prompt = version.prompt === null ? null : promptInputSchema.safeParse(version.prompt).data;
  return updateStory(ctx, actor, storyId, { title: version.title, content: version.content, prompt, timezone }, new Date(), versionId);
}
