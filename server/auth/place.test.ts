import { describe, expect, it } from 'vitest';
import { approximatePlace } from './place';

// Long-standing allocations, the same in every monthly release of the data: Google's public
// resolver, Portugal's research network (FCCN) and the UK's (Jisc/JANET, Oxford University).
describe('approximatePlace', () => {
  it('names the country of a public IPv4 address', async () => {
    expect(await approximatePlace('8.8.8.8')).toBe('United States');
    expect(await approximatePlace('193.136.0.1')).toBe('Portugal');
    expect(await approximatePlace('129.67.1.1')).toBe('United Kingdom');
  });

  it('names the country of a public IPv6 address, in any spelling', async () => {
    expect(await approximatePlace('2001:690::1')).toBe('Portugal');
    expect(await approximatePlace('2001:0690:0000:0000:0000:0000:0000:0001')).toBe('Portugal');
    expect(await approximatePlace('2001:630::1')).toBe('United Kingdom');
  });

  it('looks up an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect(await approximatePlace('::ffff:193.136.0.1')).toBe('Portugal');
    expect(await approximatePlace('::FFFF:8.8.8.8')).toBe('United States');
    expect(await approximatePlace('::ffff:10.0.0.1')).toBeNull();
  });

  it('names no place for private, loopback and other special addresses', async () => {
    const special = [
      '10.2.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '203.0.113.7',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '2001:db8::1',
      'fe80::1%eth0',
    ];
    for (const ip of special) expect(await approximatePlace(ip), ip).toBeNull();
  });

  it('names no place for what is not an address', async () => {
    for (const text of ['unknown', '', '999.1.1.1', '8.8.8', '010.2.0.1', '0x8.8.8.8', '::ffff:8.8.8', 'not:an:address', '2001:690::1::2', '193.136.0.1%eth0']) expect(await approximatePlace(text), text).toBeNull();
  });

  it('answers parallel first lookups alike', async () => {
    const places = await Promise.all(Array.from({ length: 20 }, (_, i) => approximatePlace(i % 2 ? '193.136.0.1' : '2001:630::1')));
    expect(new Set(places)).toEqual(new Set(['Portugal', 'United Kingdom']));
  });
});
