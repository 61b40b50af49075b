import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths with their search and hash', () => {
    expect(safeNextPath('/stories')).toBe('/stories');
    expect(safeNextPath('/story/abc/edit?x=1#top')).toBe('/story/abc/edit?x=1#top');
  });

  it.each([
    null, undefined, '', 'stories', 'https://evil.example/', '//evil.example', '/\\evil.example',
    '/\t/evil.example', '/\n/evil.example', 'javascript:alert(1)', '/login', '/login?next=/x',
  ])('falls back to / for %j', (value) => {
    expect(safeNextPath(value)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the path to come back to', () => {
    expect(loginPathFor('/story/1/edit?tab=a&b=c')).toBe('/login?next=%2Fstory%2F1%2Fedit%3Ftab%3Da%26b%3Dc');
  });

  it('leaves next out for home', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});
