import sanitizeHtml from 'sanitize-html';

/**
 * Remote HTML is hostile until made otherwise: before it is stored or shown it keeps paragraphs,
 * line breaks, emphasis (strong, em, b, i), links (http and https only, opened as untrusted) and
 * spans (mentions and hashtags are spans in links); everything else is dropped, its text kept.
 * Classes and styles go too.
 */
export function sanitizeRemoteHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'a', 'span'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer ugc', target: '_blank' } }),
    },
  });
}

/**
 * The text of remote HTML. sanitize-html decodes every entity and escapes &, <, > and " again
 * in what it keeps; plain text shown as text wants them back (React escapes it when shown).
 */
function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&(?:amp|lt|gt|quot);/g, (escaped) => ESCAPED[escaped] ?? escaped);
}

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Plain text of remote HTML (a content warning, a name, a report's note): no markup at all, on one line. Never put it in HTML. */
export function remoteText(html: string, max = 500): string {
  return textOf(html).replace(/\s+/g, ' ').trim().slice(0, max);
}

/**
 * A reply's plain text: its paragraphs and line breaks kept, the mentions it opens with (Mastodon
 * starts a reply with "@writer") taken off.
 */
export function remoteReplyText(html: string, max: number): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n\n');
  return textOf(marked)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/^(?:@[\w.-]+(?:@[\w.-]+)?\s*)+/, '')
    .trim()
    .slice(0, max);
}
