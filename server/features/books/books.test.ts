import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { myWritingYearsSchema } from '@common/books/books';
import { testDialects } from '../../test/databases';
import { useTestServer } from '../../test/api-fixture';
import { epubcheck } from '../../test/epubcheck';
import { signUp, type SignedUp } from '../../test/server';
import { postStory, type ErrorBody } from '../stories/test-support';

describe.each(testDialects())('books on %s', (dialect) => {
  const api = useTestServer(dialect, { people: ['bob'] });

  /** Moves a story to when it was written (a year's book is of the stories written in it). */
  const writtenAt = (id: string, at: string) => api.server.ctx.db.updateTable('stories').set({ created_at: at }).where('id', '=', id).execute();
  const inZone = (who: SignedUp, timezone: string) => who.client.patch('/api/me/timezone', { timezone });
  const download = async (who: SignedUp, year: number | string) => {
    const res = await who.client.raw('GET', `/api/books/my-writing/${year}`, { headers: { 'accept-language': 'en-US' } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('counts the years a writer wrote in, in their own time zone, newest first', async () => {
    const ada = await signUp(api.server);
    await inZone(ada, 'America/New_York');
    const newYearsEveInNewYork = await postStory(ada.client, { public: true });
    await writtenAt(newYearsEveInNewYork.id, '2026-01-01T03:00:00.000Z'); // 22:00 on December 31, 2025 there
    const later = await postStory(ada.client, { public: false });
    await writtenAt(later.id, '2026-06-01T12:00:00.000Z');
    await postStory(api.bob.client, { public: true });

    const years = myWritingYearsSchema.parse((await ada.client.get('/api/books/my-writing')).body);
    expect(years.years).toEqual([
      { year: 2026, stories: 1 },
      { year: 2025, stories: 1 },
    ]);
    expect((await api.server.client().get('/api/books/my-writing')).status).toBe(401);
  });

  it('makes a year’s writing an EPUB 3 the reference validator accepts: a cover, contents, and a chapter per story in order', async () => {
    const ada = await signUp(api.server, { name: 'Ada Lovelace' });
    const first = await postStory(ada.client, {
      title: 'Tea & <cakes> "at" ]]> noon',
      content: 'The kettle sang.\nThe clock did not.\n\nShe left & never came back <3',
      public: true,
      contentWarnings: ['death'],
      contentWarningNote: 'a dog dies',
    });
    await writtenAt(first.id, '2026-03-04T10:00:00.000Z');
    const second = await postStory(ada.client, { title: 'Second, kept private', public: false });
    await writtenAt(second.id, '2026-07-01T10:00:00.000Z');
    const lastYear = await postStory(ada.client, { title: 'Not this year' });
    await writtenAt(lastYear.id, '2025-12-31T10:00:00.000Z');
    await postStory(api.bob.client, { title: 'Bob’s story', public: true });

    const { res, bytes } = await download(ada, 2026);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/epub+zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="drabble-ada-lovelace-stories-of-2026.epub"');

    const check = await epubcheck(bytes);
    expect(check.report).toBe('');
    expect(check.valid, check.summary).toBe(true);

    const files = unzipSync(bytes);
    expect(Object.keys(files)[0]).toBe('mimetype');
    const text = (name: string) => strFromU8(files[name]!);
    expect(text('EPUB/cover.xhtml')).toContain('<h1>Stories of 2026</h1>');
    expect(text('EPUB/cover.xhtml')).toContain('Ada Lovelace');
    const nav = text('EPUB/nav.xhtml');
    expect(nav.indexOf('Tea &amp; &lt;cakes&gt;')).toBeGreaterThan(-1);
    expect(nav.indexOf('Tea &amp;')).toBeLessThan(nav.indexOf('Second, kept private'));
    expect(nav).not.toContain('Not this year');
    expect(nav).not.toContain('Bob');
    expect(Object.keys(files).filter((name) => name.startsWith('EPUB/chapter-'))).toEqual(['EPUB/chapter-0001.xhtml', 'EPUB/chapter-0002.xhtml']);
    const chapter = text('EPUB/chapter-0001.xhtml');
    expect(chapter).toContain('<h1>Tea &amp; &lt;cakes&gt; &quot;at&quot; ]]&gt; noon</h1>');
    expect(chapter).toContain('<time datetime="2026-03-04T10:00:00.000Z">March 4, 2026</time>');
    expect(chapter).toContain('<strong>Content warnings: Death — a dog dies</strong>');
    expect(chapter).toContain('<p>The kettle sang.<br/>The clock did not.</p>');
    expect(chapter).toContain('<p>She left &amp; never came back &lt;3</p>');
    expect(text('EPUB/package.opf')).toContain('<dc:creator id="author-1">Ada Lovelace</dc:creator>');
  });

  it('refuses what is not a year with 400, a year without stories with 404, and anyone signed out with 401', async () => {
    const ada = await signUp(api.server);
    await postStory(ada.client);
    for (const year of ['abc', '1999', '2026.5', '10000']) {
      const res = await ada.client.get<ErrorBody>(`/api/books/my-writing/${year}`);
      expect(res.status, year).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_failed', message: 'Please choose a year between 2000 and 9999.' });
    }
    const none = await ada.client.get<ErrorBody>('/api/books/my-writing/2019');
    expect(none.status).toBe(404);
    expect(none.body.error).toEqual({ code: 'not_found', message: 'You wrote no stories in 2019.' });
    expect((await api.server.client().get(`/api/books/my-writing/${new Date().getUTCFullYear()}`)).status).toBe(401);
  });
});
