import { describe, expect, it } from 'vitest';
import { featureRequestTitle } from './messages';

describe('featureRequestTitle', () => {
  it('quotes the request whole when it is 60 characters or less', () => {
    expect(featureRequestTitle('Dark mode')).toBe('Feature request: Dark mode');
    expect(featureRequestTitle('x'.repeat(60))).toBe(`Feature request: ${'x'.repeat(60)}`);
  });

  it('cuts at 60 characters with an ellipsis, never inside an emoji, and folds line breaks', () => {
    expect(featureRequestTitle('y'.repeat(61))).toBe(`Feature request: ${'y'.repeat(60)}…`);
    expect(featureRequestTitle(`${'a'.repeat(59)}😀😀`)).toBe(`Feature request: ${'a'.repeat(59)}😀…`);
    expect(featureRequestTitle('Two\n\nlines')).toBe('Feature request: Two lines');
    expect(featureRequestTitle(`${'word '.repeat(12)}more`)).toBe(`Feature request: ${'word '.repeat(12).trimEnd()}…`);
  });

  it('has a plain title when the request is gone', () => {
    expect(featureRequestTitle(null)).toBe('Feature request');
  });
});
