import { describe, expect, it } from 'vitest';
import { preferredLocale } from './locale';

describe('preferredLocale', () => {
  it('takes the most wanted language the server can write dates in', () => {
    expect(preferredLocale('en-US,en;q=0.9')).toBe('en-US');
    expect(preferredLocale('fr;q=0.4, en-GB')).toBe('en-GB');
    expect(preferredLocale('de-de;q=0.8,*;q=0.5')).toBe('de-DE');
    expect(preferredLocale('pt-BR;q=0.7, es;q=0.7')).toBe('pt-BR');
  });

  it('answers null for nothing usable', () => {
    for (const header of [undefined, null, '', '*', 'en;q=0', 'not a locale', ';;;', `${'x'.repeat(600)}`]) expect(preferredLocale(header), String(header)).toBeNull();
  });
});
