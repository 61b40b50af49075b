import { describe, expect, it } from 'vitest';
import { promptForDay } from '../prompts/prompts';
import {
  commentCreateSchema,
  communityQuerySchema,
  myStoriesQuerySchema,
  reactionSummarySchema,
  storyCreateSchema,
  storyUpdateSchema,
  STORY_TEXT_MAX,
  STORY_TITLE_MAX,
} from './story';

const prompt = promptForDay('2025-01-01');

describe('story bodies', () => {
  it('defaults a new story to private with no prompt, no content warnings and no tags, and trims the title', () => {
    expect(storyCreateSchema.parse({ title: '  The End  ', content: 'It was.\n\n' })).toEqual({
      title: 'The End',
      content: 'It was.',
      prompt: null,
      public: false,
      contentWarnings: [],
      contentWarningNote: null,
      tags: [],
    });
  });

  it('keeps the text as written apart from trailing whitespace', () => {
    expect(storyCreateSchema.parse({ title: 't', content: '  Indented\n\nline  \n', prompt }).content).toBe('  Indented\n\nline');
  });

  it('refuses a missing or over-long title and text with plain messages', () => {
    const message = (value: unknown) => storyCreateSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ title: '   ', content: 'x' })).toBe('Please give your story a title.');
    expect(message({ title: 'x'.repeat(STORY_TITLE_MAX + 1), content: 'x' })).toBe('Title must be at most 120 characters.');
    expect(message({ title: 't', content: ' \n ' })).toBe('Please write your story before saving.');
    expect(message({ title: 't', content: 'x'.repeat(STORY_TEXT_MAX + 1) })).toBe('Your story must be at most 10,000 characters.');
    expect(storyCreateSchema.safeParse({ title: 'x'.repeat(STORY_TITLE_MAX), content: 'x'.repeat(STORY_TEXT_MAX) }).success).toBe(true);
  });

  it('refuses fields the writer does not set', () => {
    expect(storyCreateSchema.safeParse({ title: 't', content: 'c', likesCount: 99 }).success).toBe(false);
    expect(storyUpdateSchema.safeParse({ uid: 'someone-else' }).success).toBe(false);
  });

  it('needs something to update and validates the time zone', () => {
    expect(storyUpdateSchema.safeParse({}).success).toBe(false);
    expect(storyUpdateSchema.safeParse({ timezone: 'UTC' }).success).toBe(false);
    expect(storyUpdateSchema.safeParse({ prompt: null }).success).toBe(true);
    expect(storyUpdateSchema.safeParse({ public: true, timezone: 'Not/AZone' }).success).toBe(false);
  });
});

describe('list queries', () => {
  it('reads query strings with defaults and treats empty values as absent', () => {
    expect(communityQuerySchema.parse({})).toEqual({ sort: 'newest', perfect: false, limit: 20 });
    expect(communityQuerySchema.parse({ q: '  ', genre: '', limit: '5', sort: 'liked', perfect: '' })).toEqual({ sort: 'liked', perfect: false, limit: 5 });
    expect(communityQuerySchema.parse({ perfect: 'true' })).toMatchObject({ perfect: true });
    expect(communityQuerySchema.parse({ q: ' ghost ', genre: 'Horror' })).toMatchObject({ q: 'ghost', genre: 'Horror' });
    expect(myStoriesQuerySchema.parse({ visibility: 'private' })).toEqual({ visibility: 'private', limit: 20 });
  });

  it('refuses unknown genres, sorts and silly limits', () => {
    expect(communityQuerySchema.safeParse({ genre: 'Opera' }).success).toBe(false);
    expect(communityQuerySchema.safeParse({ sort: 'oldest' }).success).toBe(false);
    expect(communityQuerySchema.safeParse({ perfect: 'yes' }).success).toBe(false);
    expect(communityQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(communityQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(communityQuerySchema.safeParse({ limit: 'many' }).success).toBe(false);
    expect(myStoriesQuerySchema.safeParse({ visibility: 'secret' }).success).toBe(false);
  });
});

describe('comments and reactions', () => {
  it('trims comments and limits them to 1,000 characters', () => {
    expect(commentCreateSchema.parse({ text: '  Lovely.  ' })).toEqual({ text: 'Lovely.' });
    expect(commentCreateSchema.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe('Please write a comment first.');
    expect(commentCreateSchema.safeParse({ text: 'x'.repeat(1_001) }).error?.issues[0]?.message).toBe('Comments must be at most 1,000 characters.');
  });

  it('reports a count for every reaction kind', () => {
    expect(reactionSummarySchema.safeParse({ counts: { heart: 1 }, mine: [] }).success).toBe(false);
    expect(
      reactionSummarySchema.safeParse({ counts: { heart: 1, fire: 0, laugh: 0, wow: 0, sad: 0, clap: 0 }, mine: ['heart'] }).success,
    ).toBe(true);
  });
});
