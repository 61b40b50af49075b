import { describe, expect, it } from 'vitest';
import { DEPTH_PLACEHOLDER, MAX_REDACT_DEPTH, REDACTED_FIELDS, redactDetails, redactedPlaceholder } from './redact';

describe('redactDetails', () => {
  it('replaces every listed text field with its character count', () => {
    const input = Object.fromEntries(REDACTED_FIELDS.map((f) => [f, 'abcde']));
    const out = redactDetails(input) as Record<string, string>;
    for (const field of REDACTED_FIELDS) expect(out[field]).toBe(redactedPlaceholder(5));
  });

  it('keeps other fields and non-string values of listed fields', () => {
    expect(redactDetails({ method: 'Google', text: 42, title: null, name: ['a'] })).toEqual({ method: 'Google', text: 42, title: null, name: ['a'] });
  });

  it('redacts inside nested objects and arrays', () => {
    expect(redactDetails({ a: { b: [{ message: 'hello' }, 'plain'] } })).toEqual({ a: { b: [{ message: redactedPlaceholder(5) }, 'plain'] } });
  });

  it(`stops at depth ${MAX_REDACT_DEPTH}`, () => {
    let deep: Record<string, unknown> = { text: 'secret' };
    for (let i = 0; i < MAX_REDACT_DEPTH; i++) deep = { next: deep };
    // 10 levels of `next` puts the text object at depth 10: beyond the limit.
    let cursor = redactDetails(deep) as Record<string, unknown>;
    for (let i = 0; i < MAX_REDACT_DEPTH - 1; i++) cursor = cursor.next as Record<string, unknown>;
    expect(cursor.next).toBe(DEPTH_PLACEHOLDER);

    let nine: Record<string, unknown> = { text: 'secret' };
    for (let i = 0; i < MAX_REDACT_DEPTH - 1; i++) nine = { next: nine };
    let at = redactDetails(nine) as Record<string, unknown>;
    for (let i = 0; i < MAX_REDACT_DEPTH - 1; i++) at = at.next as Record<string, unknown>;
    expect(at.text).toBe(redactedPlaceholder(6));
  });

  it('passes primitives through', () => {
    expect(redactDetails('x')).toBe('x');
    expect(redactDetails(null)).toBeNull();
    expect(redactDetails(3)).toBe(3);
  });
});
