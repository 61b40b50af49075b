/** Names of downloaded files (exports, books): plain ASCII, so every tool and file system takes them as they are. */

/** Lower-case ASCII letters and digits joined by single hyphens; accents dropped; at most `max` characters. */
export function slugify(text: string, max = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, max).replace(/-+$/, '');
}
