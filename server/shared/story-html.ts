import { contentWarningLine, warningsOfMask } from '@common/stories/content-warnings';
import { escapeXml } from './xml';

/**
 * The story's whole text as HTML that is also XHTML (an Atom entry's content, a book's chapter),
 * as the story page shows it (white space kept), after its content warnings if it has any: a
 * paragraph per blank-line-separated block, a <br/> per line break within one. Everything the
 * writer typed is escaped (an Atom feed escapes this HTML once more as content type="html").
 */
export function storyContentHtml(row: { content: string; contentWarnings: number; contentWarningNote: string | null }): string {
  const paragraphs = row.content
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${block.split('\n').map(escapeXml).join('<br/>')}</p>`);
  // Readers' apps show the text at once, with no "Show story" gate: the warnings come first, in bold.
  const warnings = contentWarningLine({ contentWarnings: warningsOfMask(Number(row.contentWarnings)), contentWarningNote: row.contentWarningNote });
  return (warnings === null ? paragraphs : [`<p><strong>${escapeXml(warnings)}</strong></p>`, ...paragraphs]).join('\n');
}
