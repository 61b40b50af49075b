import { ATOM_CONTENT_TYPE } from '@common/feeds/feeds';
import { escapeXml } from '../../shared/xml';

/**
 * An Atom 1.0 document (RFC 4287), written by hand with the sitemap's escaping: every text
 * and attribute goes through escapeXml, so no writer's text can close an element. (The `feed`
 * package was tried and left: its XML writer turns a literal "&amp;" in a name into "&", and a
 * second "]]>" in a story ends its CDATA and breaks the document; docs/decisions/0043.)
 */
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

export interface AtomPerson {
  name: string;
  /** Absolute. */
  uri: string;
}

export interface AtomEntry {
  /** Permanent and unique: the story page's absolute address. */
  id: string;
  title: string;
  /** RFC 3339 instants. */
  updated: string;
  published: string;
  author: AtomPerson;
  /** The story page (rel="alternate"), absolute. */
  url: string;
  /** HTML, carried escaped as content type="html". */
  contentHtml: string;
}

export interface AtomFeed {
  /** The feed's own absolute address: also its id, and its rel="self" link. */
  selfUrl: string;
  /** The page the feed follows (rel="alternate"), absolute. */
  pageUrl: string;
  title: string;
  subtitle?: string;
  author: AtomPerson;
  /** The newest entry's `updated` (the feed's own when it has none). */
  updated: string;
  entries: AtomEntry[];
}

const element = (name: string, text: string, attributes = '') => `<${name}${attributes}>${escapeXml(text)}</${name}>`;
const link = (rel: string, href: string, type?: string) => `<link rel="${rel}"${type ? ` type="${escapeXml(type)}"` : ''} href="${escapeXml(href)}"/>`;
const person = (tag: 'author', p: AtomPerson) => `<${tag}>${element('name', p.name)}${element('uri', p.uri)}</${tag}>`;

function entryXml(entry: AtomEntry): string {
  return [
    '<entry>',
    element('id', entry.id),
    element('title', entry.title, ' type="text"'),
    element('updated', entry.updated),
    element('published', entry.published),
    person('author', entry.author),
    link('alternate', entry.url, 'text/html'),
    element('content', entry.contentHtml, ' type="html"'),
    '</entry>',
  ].join('\n');
}

export function atomXml(feed: AtomFeed): string {
  const head = [
    element('id', feed.selfUrl),
    element('title', feed.title, ' type="text"'),
    ...(feed.subtitle ? [element('subtitle', feed.subtitle, ' type="text"')] : []),
    element('updated', feed.updated),
    link('self', feed.selfUrl, ATOM_CONTENT_TYPE),
    link('alternate', feed.pageUrl, 'text/html'),
    person('author', feed.author),
  ];
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="${ATOM_NS}">\n${[...head, ...feed.entries.map(entryXml)].join('\n')}\n</feed>\n`;
}
