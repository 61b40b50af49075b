/** An Accept-Language header longer than this is cut: no browser sends one. */
const HEADER_MAX = 500;

/**
 * The language the reader's browser asks in (Accept-Language, which browsers send from their
 * own language settings): the tag with the highest weight, the first on a tie, that dates can be
 * written in; null without one. What emails use to write dates as the app does.
 */
export function preferredLocale(header: string | undefined | null): string | null {
  if (!header) return null;
  const tags = header
    .slice(0, HEADER_MAX)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { tag, weight: q === undefined ? 1 : Number(q.slice(2)), order };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of tags) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0) return canonical;
    } catch {
      // Not a language tag: try the next.
    }
  }
  return null;
}
