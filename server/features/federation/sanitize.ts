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

/** Plain text of remote HTML (a content warning, a name): no markup at all. */
export function remoteText(html: string, max = 500): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim().slice(0, max);
}

/** What sanitize-html writes for the characters it escapes in text. */
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Plain text of remote HTML with its characters as written ("Tom & Jerry", not "Tom &amp;
 * Jerry"): for text only ever shown as text, such as a report's note. Never put it in HTML.
 */
export function remotePlainText(html: string, max = 500): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&(?:amp|lt|gt|quot);/g, (escaped) => ESCAPED[escaped] ?? escaped);
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}
