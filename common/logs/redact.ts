/**
 * Event-log details never store what people wrote: these fields are replaced by a
 * placeholder carrying the character count, at any depth down to MAX_REDACT_DEPTH.
 */
export const REDACTED_FIELDS = [
  'text', 'messageText', 'content', 'body', 'response', 'responseText', 'userResponse', 'storyContent',
  'prompt', 'message', 'originalRequestText', 'lastMessage', 'title', 'name',
] as const;

export const MAX_REDACT_DEPTH = 10;
const FIELD_SET = new Set<string>(REDACTED_FIELDS);
/** What stands in for anything nested deeper than the limit. */
export const DEPTH_PLACEHOLDER = '[max depth]';

export function redactedPlaceholder(length: number): string {
  return `[redacted: ${length} chars]`;
}

export function redactDetails(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_REDACT_DEPTH) return DEPTH_PLACEHOLDER;
  if (Array.isArray(value)) return value.map((item) => redactDetails(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = FIELD_SET.has(key) && typeof field === 'string' ? redactedPlaceholder(field.length) : redactDetails(field, depth + 1);
  }
  return out;
}
