/** Reading lists' answers, all under one key so any change reads them afresh. No imports: the bookmark on every card reads these. */
export const readingListKeys = {
  all: ['reading-lists'] as const,
  mine: ['reading-lists', 'mine'] as const,
  page: (id: string) => ['reading-lists', 'page', id] as const,
  info: (id: string) => ['reading-lists', 'info', id] as const,
  forStory: (storyId: string) => ['reading-lists', 'story', storyId] as const,
};
