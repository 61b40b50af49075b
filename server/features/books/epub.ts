import { escapeXml } from '../../shared/xml';
import { zipStream } from '../../shared/zip-stream';

/**
 * An EPUB 3 book written while it downloads (docs/decisions/0074-books.md). The container is
 * the shared streaming zip; the format's files are small templates, every text escaped. Only
 * the chapters' titles are held until the end, where the table of contents and the package
 * document (which list every chapter) are written: a book of thousands of stories never sits
 * in memory whole.
 *
 * Layout: `mimetype` first and stored (readers look for it at byte 38), META-INF/container.xml
 * naming EPUB/package.opf, then EPUB/cover.xhtml, EPUB/style.css, one EPUB/chapter-N.xhtml per
 * story, EPUB/nav.xhtml (the EPUB 3 table of contents) and EPUB/package.opf.
 */

export interface BookMeta {
  /** A URN that names this book for good (readers' libraries tell books apart by it). */
  identifier: string;
  title: string;
  /** Shown under the title on the cover; may be empty. */
  subtitle: string;
  authors: string[];
  /** BCP 47, e.g. "en". */
  language: string;
  /** When the book was made: the package's dcterms:modified. */
  modified: Date;
}

export interface BookChapter {
  title: string;
  /** The story's date in words, e.g. "March 4, 2026". */
  date: string;
  /** When the story was written (machine-readable, for <time>). */
  dateTime: string;
  /** The story as XHTML paragraphs (content warnings first when it has any); already escaped. */
  bodyXhtml: string;
  /** Who wrote it, in a book of several writers' stories (an anthology). */
  byline?: string;
}

export interface BookTexts {
  contents: string;
  cover: string;
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const EPUB_NS = 'http://www.idpf.org/2007/ops';

const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** Readable on e-ink and in phone readers alike: the reader's own font, a little air between paragraphs. */
const STYLE_CSS = `body { margin: 0 5%; line-height: 1.5; }
h1 { font-size: 1.4em; margin: 2em 0 0.25em; }
.date { margin: 0 0 1.5em; font-style: italic; }
.cover { text-align: center; margin-top: 30%; }
.cover h1 { font-size: 2em; }
.cover .subtitle { font-style: italic; }
.cover .authors { margin-top: 2em; font-size: 1.2em; }
p { margin: 0 0 0.8em; }
`;

const chapterFile = (n: number) => `chapter-${String(n).padStart(4, '0')}.xhtml`;

function page(lang: string, title: string, body: string, epubNs = false): string {
  const ns = epubNs ? ` xmlns:epub="${EPUB_NS}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}"${ns} lang="${escapeXml(lang)}" xml:lang="${escapeXml(lang)}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function coverXhtml(meta: BookMeta, texts: BookTexts): string {
  const subtitle = meta.subtitle ? `<p class="subtitle">${escapeXml(meta.subtitle)}</p>\n` : '';
  const authors = meta.authors.map((a) => escapeXml(a)).join('<br/>');
  return page(meta.language, `${meta.title} — ${texts.cover}`, `<section class="cover">\n<h1>${escapeXml(meta.title)}</h1>\n${subtitle}<p class="authors">${authors}</p>\n</section>`);
}

export function chapterXhtml(meta: BookMeta, chapter: BookChapter): string {
  const byline = chapter.byline ? `<p class="byline">${escapeXml(chapter.byline)}</p>\n` : '';
  const body = `<section>\n<h1>${escapeXml(chapter.title)}</h1>\n${byline}<p class="date"><time datetime="${escapeXml(chapter.dateTime)}">${escapeXml(chapter.date)}</time></p>\n${chapter.bodyXhtml}\n</section>`;
  return page(meta.language, chapter.title, body);
}

export function navXhtml(meta: BookMeta, texts: BookTexts, titles: readonly string[]): string {
  const items = titles.map((title, i) => `<li><a href="${chapterFile(i + 1)}">${escapeXml(title)}</a></li>`).join('\n');
  const body = `<nav epub:type="toc" id="toc">\n<h1>${escapeXml(texts.contents)}</h1>\n<ol>\n<li><a href="cover.xhtml">${escapeXml(texts.cover)}</a></li>\n${items}\n</ol>\n</nav>`;
  return page(meta.language, texts.contents, body, true);
}

/** dcterms:modified wants whole seconds in UTC ("2026-12-02T17:04:05Z"). */
const modifiedStamp = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export function packageOpf(meta: BookMeta, chapters: number): string {
  const creators = meta.authors.map((a, i) => `<dc:creator id="author-${i + 1}">${escapeXml(a)}</dc:creator>`).join('\n    ');
  const manifest = Array.from({ length: chapters }, (_, i) => `<item id="c${i + 1}" href="${chapterFile(i + 1)}" media-type="application/xhtml+xml"/>`).join('\n    ');
  const spine = Array.from({ length: chapters }, (_, i) => `<itemref idref="c${i + 1}"/>`).join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(meta.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(meta.identifier)}</dc:identifier>
    <dc:title>${escapeXml(meta.title)}</dc:title>
    <dc:language>${escapeXml(meta.language)}</dc:language>
    ${creators}
    <meta property="dcterms:modified">${modifiedStamp(meta.modified)}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    <item id="style" href="style.css" media-type="text/css"/>
    ${manifest}
  </manifest>
  <spine>
    <itemref idref="cover"/>
    <itemref idref="nav"/>
    ${spine}
  </spine>
</package>
`;
}

/**
 * The book's bytes as a stream: the chapters are read from `chapters` as the reader takes the
 * download (the zip waits for the reader). `onError` hears of a failure while writing.
 */
export function epubStream(
  meta: BookMeta,
  texts: BookTexts,
  chapters: AsyncIterable<BookChapter>,
  { onError }: { onError: (err: unknown) => void },
): ReadableStream<Uint8Array> {
  return zipStream(
    async (zip) => {
      await zip.add('mimetype', 'application/epub+zip', { store: true });
      await zip.add('META-INF/container.xml', CONTAINER_XML);
      await zip.add('EPUB/cover.xhtml', coverXhtml(meta, texts));
      await zip.add('EPUB/style.css', STYLE_CSS);
      const titles: string[] = [];
      for await (const chapter of chapters) {
        titles.push(chapter.title);
        await zip.add(`EPUB/${chapterFile(titles.length)}`, chapterXhtml(meta, chapter));
      }
      await zip.add('EPUB/nav.xhtml', navXhtml(meta, texts, titles));
      await zip.add('EPUB/package.opf', packageOpf(meta, titles.length));
    },
    { mtime: meta.modified, onError },
  );
}
