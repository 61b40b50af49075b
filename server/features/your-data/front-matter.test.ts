import { describe, expect, it } from 'vitest';
import { readFrontMatter, writeFrontMatter } from './front-matter';
import { slugify } from '../../shared/slugify';
import { exportFileName, storyFileNamer } from './names';

describe('front matter', () => {
  it('reads back what the export writes, whatever the title holds', () => {
    const fields = {
      title: 'She said: "run" — \\ or #not\na comment? 🌊',
      public: false,
      prompt: { genre: 'Horror', theme: 'Loss', twist: 'Told entirely in dialogue' },
      created: '2026-01-24T09:30:00.000Z',
      wordCount: 100,
    };
    const file = `${writeFrontMatter(fields)}\nThe text.\n---\nStill the text.`;
    expect(readFrontMatter(file)).toEqual({ fields, body: '\nThe text.\n---\nStill the text.' });
    expect(readFrontMatter(writeFrontMatter({ prompt: null })).fields).toEqual({ prompt: null });
  });

  it('reads simple hand-written front matter and leaves files without it alone', () => {
    expect(readFrontMatter("---\ntitle: My story: part 2\nauthor: 'Ann''s'\ntags:\n# a comment\n---\nText").fields).toEqual({
      title: 'My story: part 2',
      author: "Ann's",
      tags: null,
    });
    expect(readFrontMatter('No front matter\n---\nhere')).toEqual({ fields: {}, body: 'No front matter\n---\nhere' });
    expect(readFrontMatter('---\nnever closed')).toEqual({ fields: {}, body: '---\nnever closed' });
  });
});

describe('export file names', () => {
  it('are plain ASCII, dated, and never collide', () => {
    expect(slugify('Ça va? Über-Cool   Story!!')).toBe('ca-va-uber-cool-story');
    expect(exportFileName('Zoë Ann', new Date('2026-01-24T23:59:00Z'))).toBe('drabble-zoe-ann-20260124.zip');
    expect(exportFileName('山田', new Date('2026-01-24T00:00:00Z'))).toBe('drabble-writer-20260124.zip');
    const name = storyFileNamer();
    const story = { title: 'Tide', created_at: '2026-01-24T10:00:00.000Z' };
    expect([name(story), name(story), name({ ...story, title: '波' }), name({ ...story, title: '' })]).toEqual([
      'stories/2026-01-24-tide.md',
      'stories/2026-01-24-tide-2.md',
      'stories/2026-01-24-story.md',
      'stories/2026-01-24-story-2.md',
    ]);
  });
});
