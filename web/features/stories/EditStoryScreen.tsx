import { useState } from 'react';
import type { Story } from '@common/stories/story';
import { useTodayPrompt } from './api/progress';
import { StoryEditor } from './editor/StoryEditor';
import type { EditorBase } from './editor/useStoryEditor';
import { StoryNotFound } from './StoryNotFound';

/** /story/:id/edit: the owner's editor, starting from the saved story. */
export function EditStoryScreen({ story }: { story: Story }) {
  const today = useTodayPrompt();
  // The story as it was when the editor opened: a later refetch must not move what "unsaved" means.
  const [base] = useState<EditorBase>(() => ({
    storyId: story.id,
    updatedAt: story.updatedAt,
    fields: { title: story.title, content: story.content, prompt: story.prompt, public: story.public, contentWarnings: story.contentWarnings, contentWarningNote: story.contentWarningNote ?? '', tags: story.tags.map((tag) => tag.name) },
  }));
  if (!story.permissions.edit) return <StoryNotFound message="Only the author can edit this story" detail={null} backTo={`/story/${story.id}`} />;
  return (
    <>
      <title>{`Edit “${story.title}” · Drabble`}</title>
      <StoryEditor base={base} savedWordCount={story.wordCount} todayPrompt={today.data!.prompt} heading="Edit Story" cancelTo={`/story/${story.id}`} />
    </>
  );
}
