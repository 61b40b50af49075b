import { describe, expect, it } from 'vitest';
import { ACCENT_COLORS } from './theme';
import { ACCENT_REFERENCE, NAMED_COLORS, nearestAccent, parseColor, toHex } from './color';

const hex = (input: string) => {
  const rgb = parseColor(input);
  return rgb ? toHex(rgb) : null;
};

describe('parseColor', () => {
  it('reads 3- and 6-digit hex with or without #, in any case, with surrounding space', () => {
    expect(hex('#ff0000')).toBe('#ff0000');
    expect(hex('ff0000')).toBe('#ff0000');
    expect(hex('#F00')).toBe('#ff0000');
    expect(hex('abc')).toBe('#aabbcc');
    expect(hex('  #00FF7f  ')).toBe('#00ff7f');
  });

  it('refuses hex of other lengths or with other letters', () => {
    for (const bad of ['#ff00', '#ff00000', '#gg0000', '#', 'ff00f', '##ff0000', '# ff0000']) expect(parseColor(bad)).toBeNull();
  });

  it('reads rgb() and rgba() with channels 0–255', () => {
    expect(hex('rgb(255,0,0)')).toBe('#ff0000');
    expect(hex('RGB( 12 , 34 , 56 )')).toBe('#0c2238');
    expect(hex('rgba(0,0,255,0.5)')).toBe('#0000ff');
    expect(hex('rgba(0,0,255,.5)')).toBe('#0000ff');
    expect(hex('rgba(0,0,255,50%)')).toBe('#0000ff');
    expect(hex('rgb(0,0,0)')).toBe('#000000');
    expect(hex('rgb(255,255,255)')).toBe('#ffffff');
  });

  it('refuses out-of-range channels, bad alpha and malformed functions', () => {
    for (const bad of ['rgb(256,0,0)', 'rgb(0,-1,0)', 'rgb(0,0)', 'rgb(0,0,0,0,0)', 'rgb(1.5,0,0)', 'rgba(0,0,0,2)', 'rgba(0,0,0,101%)', 'rgb 0,0,0', 'rgb(a,b,c)', 'rgb()']) {
      expect(parseColor(bad), bad).toBeNull();
    }
  });

  it('reads a decimal integer from 0 to 16777215', () => {
    expect(hex('16711680')).toBe('#ff0000');
    expect(hex('0')).toBe('#000000');
    expect(hex('16777215')).toBe('#ffffff');
    expect(hex('255')).toBe('#0000ff');
    expect(hex(' 0016711680 ')).toBe('#ff0000');
  });

  it('refuses integers above 16777215 and non-integers', () => {
    // '1e6' is not here: it is valid 3-digit hex (#11ee66).
    expect(hex('1e6')).toBe('#11ee66');
    for (const bad of ['16777216', '99999999999', '-1', '1.5', '1e+6']) expect(parseColor(bad), bad).toBeNull();
  });

  it('knows the 20 names of the spec, case-insensitively', () => {
    expect(Object.keys(NAMED_COLORS)).toHaveLength(20);
    expect(hex('red')).toBe('#ff0000');
    expect(hex('Orange')).toBe('#ffa500');
    expect(hex(' NAVY ')).toBe('#000080');
    for (const bad of ['crimson', 'rebeccapurple', 'grey', '', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(parseColor(bad), bad).toBeNull();
  });
});

describe('nearestAccent', () => {
  it('maps each preset reference colour to itself', () => {
    for (const accent of ACCENT_COLORS) {
      const n = ACCENT_REFERENCE[accent];
      expect(nearestAccent({ r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 })).toBe(accent);
    }
  });

  it('picks the closest preset by RGB distance', () => {
    expect(nearestAccent(parseColor('red')!)).toBe('red');
    // Pure #0000ff sits closer to indigo-500 than to blue-500: distance decides, not the name.
    expect(nearestAccent(parseColor('#0000ff')!)).toBe('indigo');
    expect(nearestAccent(parseColor('#3070f0')!)).toBe('blue');
    expect(nearestAccent(parseColor('#14b0a0')!)).toBe('teal');
    expect(nearestAccent(parseColor('#ffff00')!)).toBe('yellow');
    expect(nearestAccent(parseColor('#ffc0cb')!)).toBe('pink');
  });
});
