/**
 * The YAML front matter of an exported story, and reading it back on import. The export
 * writes a small, fixed subset (strings double-quoted with JSON's escapes, which YAML reads
 * the same way; numbers; booleans; null; one nested mapping for the prompt), so a full YAML
 * parser is not needed to read our own files. Hand-written front matter in the same simple
 * shape (`title: My story`, quoted or not) is read too; anything else is ignored, never an error.
 */

export type FrontValue = string | number | boolean | null | { [key: string]: FrontValue };
export type FrontMatter = Record<string, FrontValue>;

function scalar(value: string | number | boolean | null): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** `---`, the fields in order (a mapping's fields indented by two spaces), `---`. */
export function writeFrontMatter(fields: FrontMatter): string {
  const lines = ['---'];
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && typeof value === 'object') {
      lines.push(`${key}:`);
      for (const [inner, innerValue] of Object.entries(value)) {
        lines.push(`  ${inner}: ${scalar(typeof innerValue === 'object' && innerValue !== null ? null : innerValue)}`);
      }
    } else {
      lines.push(`${key}: ${scalar(value)}`);
    }
  }
  lines.push('---');
  return `${lines.join('\n')}\n`;
}

function readScalar(raw: string): string | number | boolean | null {
  const text = raw.trim();
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not JSON's escapes: keep what is between the quotes.
    }
    return text.replace(/^"|"$/g, '');
  }
  if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

const KEY_LINE = /^([A-Za-z][\w -]*?):(?:\s+(.*))?$/;

/**
 * Splits a file into its front matter and the text after it. Without a `---` first line (or
 * without the closing `---`), there is no front matter and the text is the whole file.
 */
export function readFrontMatter(file: string): { fields: FrontMatter; body: string } {
  const match = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(file);
  if (!match) return { fields: {}, body: file };
  const fields: FrontMatter = {};
  let nested: { [key: string]: FrontValue } | null = null;
  for (const line of match[1]!.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const indented = /^\s+/.test(line);
    const key = KEY_LINE.exec(line.trim());
    if (!key) continue;
    const [, name = '', value] = key;
    if (indented && nested) {
      nested[name] = readScalar(value ?? '');
    } else if (!indented) {
      if (value === undefined || value.trim() === '') {
        nested = {};
        fields[name] = nested;
      } else {
        nested = null;
        fields[name] = readScalar(value);
      }
    }
  }
  // An empty mapping (`prompt:` with nothing under it) is YAML's null.
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && typeof value === 'object' && Object.keys(value).length === 0) fields[name] = null;
  }
  return { fields, body: file.slice(match[0].length) };
}
