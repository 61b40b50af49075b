import { useState } from 'react';
import { useTodayPrompt } from '../stories';
import type { EditorBase } from './editor/useStoryEditor';
import { StoryEditor } from './editor/StoryEditor';

/** /story/new: a private story with today's prompt attached, unless a draft says otherwise. */
export function NewStoryScreen() {
  const today = useTodayPrompt();
  const todayPrompt = today.data!.prompt;
  // Fixed at opening: the editor compares against it to know what is unsaved.
  const [base] = useState<EditorBase>(() => ({ storyId: null, updatedAt: null, fields: { title: '', content: '', prompt: todayPrompt, public: false } }));
  return (
    <>
      <title>New Story · Drabble</title>
      <StoryEditor base={base} savedWordCount={null} todayPrompt={todayPrompt} heading="New Story" cancelTo="/stories" />
    </>
  );
}
