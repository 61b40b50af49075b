import { describe, expect, it } from 'vitest';
import { readableAddress } from './client-ip';

describe('an address as people know it', () => {
  it('gives the same answer the first time and every time after', () => {
    for (let i = 0; i < 2; i++) {
      expect(readableAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
      expect(readableAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
      expect(readableAddress('203.0.113.7')).toBe('203.0.113.7');
      expect(readableAddress('not:an address')).toBe('not:an address');
      expect(readableAddress('unknown')).toBe('unknown');
    }
  });

  it('keeps answering right past the number of addresses it remembers', () => {
    for (let i = 1; i <= 3000; i++) expect(readableAddress(`2001:db8::${i.toString(16)}`)).toBe(`2001:db8::${i.toString(16)}`);
    expect(readableAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });
});
