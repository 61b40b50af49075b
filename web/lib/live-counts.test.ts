import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { LiveEventPayload } from '@common/events/live-events';
import type { Relationship } from '@common/follows/follows';
import { type Story, type StoryPage, type StoryRow, type StorySummary } from '@common/stories/story';
import { REACTION_KINDS } from '@common/stories/rules';
import { applyProfileCounts, applyStoryCounts, withStoryCounts } from './live-counts';
import { feedKeys, profileKeys, socialKeys, storyKeys } from './query-keys';

const zero = Object.fromEntries(REACTION_KINDS.map((k) => [k, 0])) as Story['reactions']['counts'];

function summary(id: string, likesCount = 0, commentsCount = 0): StorySummary {
  return {
    id,
    uid: 'author',
    title: `Story ${id}`,
    public: true,
    likesCount,
    commentsCount,
    viewsCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    madePublicAt: '2026-01-01T00:00:00.000Z',
    madePrivateAt: null,
    prompt: null,
    promptDay: null,
    perfectDrabble: true,
    contentWarnings: [],
    contentWarningNote: null,
    tags: [],
    contestId: null,
    authorDisplayName: 'Ada',
    authorProfileIcon: 'User',
    authorProfileColor: 'teal',
    authorProfileImage: null,
    wordCount: 100,
    charCount: 500,
    permissions: { edit: false, delete: false, changeVisibility: false, react: true, comment: true, favorite: true, remove: false },
    preview: 'Once…',
  };
}

function story(id: string): Story {
  const { preview: _preview, ...fields } = summary(id, 2, 1);
  return { ...fields, content: 'Once', body: 'Once', reactions: { counts: { ...zero, heart: 1, fire: 1 }, mine: ['heart'] } };
}

const pages = (...lists: StorySummary[][]): InfiniteData<StoryPage> => ({
  pages: lists.map((stories, i) => ({ stories, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});

const counts = (storyId: string, likesCount: number, commentsCount: number, reactions: Partial<Story['reactions']['counts']> = {}): LiveEventPayload<'story.counts'> => ({
  storyId,
  uid: 'author',
  likesCount,
  commentsCount,
  reactions: { ...zero, ...reactions },
});

describe('live story counts in the cache', () => {
  it('patches only the matching item of an infinite list, keeping every other page and item as they were', () => {
    const list = pages([summary('a'), summary('b')], [summary('c')]);
    const patched = withStoryCounts(list, counts('c', 7, 3));
    expect(patched.pages[1]!.stories[0]).toMatchObject({ id: 'c', likesCount: 7, commentsCount: 3 });
    expect(patched.pages[0]).toBe(list.pages[0]);
    expect(patched.pageParams).toBe(list.pageParams);
  });

  it('returns the very same data when the story is not in it', () => {
    const list = pages([summary('a')]);
    expect(withStoryCounts(list, counts('zzz', 1, 1))).toBe(list);
    const rows: StoryRow[] = [{ id: 'a', title: 'A', public: true, wordCount: 1, createdAt: '2026-01-01', likesCount: 0, commentsCount: 0, viewsCount: 0 }];
    expect(withStoryCounts(rows, counts('zzz', 1, 1))).toBe(rows);
    expect(withStoryCounts(rows, counts('a', 4, 2))).toEqual([{ ...rows[0], likesCount: 4, commentsCount: 2 }]);
    expect(withStoryCounts({ something: 'else' }, counts('a', 1, 1))).toEqual({ something: 'else' });
    expect(withStoryCounts(undefined, counts('a', 1, 1))).toBeUndefined();
  });

  it("updates the story page's counts and every cached list holding the story, keeping the viewer's own reactions", () => {
    const queryClient = new QueryClient();
    const params = { q: '', genre: '', sort: 'newest' as const };
    queryClient.setQueryData(storyKeys.detail('s1'), story('s1'));
    queryClient.setQueryData([...storyKeys.community(params), 20], pages([summary('s1'), summary('s2')]));
    queryClient.setQueryData(profileKeys.userStories('author'), pages([summary('s1')]));
    queryClient.setQueryData(feedKeys.pages, pages([summary('s1')]));
    const other = pages([summary('s2')]);
    queryClient.setQueryData(storyKeys.favorites, other);
    const comments = { pages: [{ comments: [], nextCursor: null, commentsCount: 1 }], pageParams: [undefined] };
    queryClient.setQueryData(storyKeys.comments('s1'), comments);

    applyStoryCounts(queryClient, counts('s1', 5, 4, { heart: 2, wow: 3 }), 'reader');

    const detail = queryClient.getQueryData<Story>(storyKeys.detail('s1'))!;
    expect(detail.likesCount).toBe(5);
    expect(detail.commentsCount).toBe(4);
    expect(detail.reactions).toEqual({ counts: { ...zero, heart: 2, wow: 3 }, mine: ['heart'] });
    const community = queryClient.getQueryData<InfiniteData<StoryPage>>([...storyKeys.community(params), 20])!;
    expect(community.pages[0]!.stories.map((s) => [s.id, s.likesCount, s.commentsCount])).toEqual([
      ['s1', 5, 4],
      ['s2', 0, 0],
    ]);
    expect(queryClient.getQueryData<InfiniteData<StoryPage>>(profileKeys.userStories('author'))!.pages[0]!.stories[0]!.likesCount).toBe(5);
    expect(queryClient.getQueryData<InfiniteData<StoryPage>>(feedKeys.pages)!.pages[0]!.stories[0]!.commentsCount).toBe(4);
    expect(queryClient.getQueryData(storyKeys.favorites)).toBe(other);
    expect(queryClient.getQueryData(storyKeys.comments('s1'))).toBe(comments);
  });

  it("refetches the author's profile stats (not their story list), and the viewer's own stats only for their own story", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(profileKeys.user('author'), { stats: {} });
    queryClient.setQueryData(profileKeys.userStories('author'), pages([summary('s1')]));
    queryClient.setQueryData(profileKeys.user('other'), { stats: {} });
    queryClient.setQueryData(profileKeys.myStats, { stats: {} });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)!.isInvalidated;

    applyStoryCounts(queryClient, counts('s1', 1, 0, { heart: 1 }), 'reader');
    expect(invalidated(profileKeys.user('author'))).toBe(true);
    expect(invalidated(profileKeys.userStories('author'))).toBe(false);
    expect(invalidated(profileKeys.user('other'))).toBe(false);
    expect(invalidated(profileKeys.myStats)).toBe(false);

    applyStoryCounts(queryClient, counts('s1', 2, 0, { heart: 2 }), 'author');
    expect(invalidated(profileKeys.myStats)).toBe(true);
  });

  it('leaves lists without the story untouched, not even marked fresh', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(storyKeys.favorites, pages([summary('s2')]));
    void queryClient.invalidateQueries({ queryKey: storyKeys.favorites });
    applyStoryCounts(queryClient, counts('s1', 1, 0), 'reader');
    expect(queryClient.getQueryState(storyKeys.favorites)!.isInvalidated).toBe(true);
  });

  it('creates nothing for a story that is not cached', () => {
    const queryClient = new QueryClient();
    applyStoryCounts(queryClient, counts('s9', 1, 1), 'reader');
    expect(queryClient.getQueryData(storyKeys.detail('s9'))).toBeUndefined();
  });

  it("patches a profile's follower counts into the viewer's relationship with that writer", () => {
    const queryClient = new QueryClient();
    const relationship: Relationship = {
      uid: 'w1',
      following: true,
      followedBy: false,
      requested: false,
      requestedBy: false,
      friends: false,
      blocking: false,
      muted: false,
      mutedUntil: null,
      followersCount: 1,
      followingCount: 0,
      approveFollowers: false,
    };
    queryClient.setQueryData(socialKeys.relationship('w1'), relationship);
    applyProfileCounts(queryClient, { uid: 'w1', followersCount: 9, followingCount: 2 });
    expect(queryClient.getQueryData(socialKeys.relationship('w1'))).toEqual({ ...relationship, followersCount: 9, followingCount: 2 });
    applyProfileCounts(queryClient, { uid: 'w2', followersCount: 1, followingCount: 1 });
    expect(queryClient.getQueryData(socialKeys.relationship('w2'))).toBeUndefined();
  });
});
