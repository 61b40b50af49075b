import { ACCENT_COLORS, type AccentColor } from './theme';

/** Custom accent colours (spec section 5): what people may type, and the preset it maps to. */
export const COLOR_FORMAT_HINT = 'Formats: #ff0000, rgb(255,0,0), 16711680, red';
export const INVALID_COLOR_MESSAGE = 'Invalid color format';
export const MAX_COLOR_INTEGER = 0xffffff;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The 20 colour names the spec accepts, with their CSS values. */
export const NAMED_COLORS: Readonly<Record<string, number>> = {
  red: 0xff0000, green: 0x008000, blue: 0x0000ff, white: 0xffffff, black: 0x000000,
  yellow: 0xffff00, cyan: 0x00ffff, magenta: 0xff00ff, silver: 0xc0c0c0, gray: 0x808080,
  maroon: 0x800000, olive: 0x808000, lime: 0x00ff00, aqua: 0x00ffff, teal: 0x008080,
  navy: 0x000080, fuchsia: 0xff00ff, purple: 0x800080, orange: 0xffa500, pink: 0xffc0cb,
};

/** Each preset's 500 shade (Tailwind's palette), the point custom colours are measured against. */
export const ACCENT_REFERENCE: Readonly<Record<AccentColor, number>> = {
  blue: 0x3b82f6, indigo: 0x6366f1, purple: 0xa855f7, pink: 0xec4899, red: 0xef4444, orange: 0xf97316,
  amber: 0xf59e0b, yellow: 0xeab308, lime: 0x84cc16, green: 0x22c55e, emerald: 0x10b981, teal: 0x14b8a6,
  cyan: 0x06b6d4, sky: 0x0ea5e9, violet: 0x8b5cf6, fuchsia: 0xd946ef, rose: 0xf43f5e,
};

const fromInteger = (n: number): Rgb => ({ r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff });

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/;
const DECIMAL = /^\d+$/;
const RGB_FUNCTION = /^rgba?\((.*)\)$/;
const CHANNEL = /^\d{1,3}$/;
const ALPHA = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/;

function expandHex(digits: string): number {
  const six = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return Number.parseInt(six, 16);
}

function validAlpha(text: string): boolean {
  const match = ALPHA.exec(text);
  if (!match?.[1]) return false;
  return Number(match[1]) <= (match[2] ? 100 : 1);
}

/** rgb(r,g,b) or rgba(r,g,b,a), channels 0–255; like CSS, either name takes 3 or 4 values. */
function parseRgbFunction(value: string): Rgb | null {
  const inner = RGB_FUNCTION.exec(value)?.[1];
  if (inner === undefined) return null;
  const parts = inner.split(',').map((part) => part.trim());
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [r, g, b, alpha] = parts as [string, string, string, string | undefined];
  if (![r, g, b].every((c) => CHANNEL.test(c) && Number(c) <= 255)) return null;
  if (alpha !== undefined && !validAlpha(alpha)) return null;
  return { r: Number(r), g: Number(g), b: Number(b) };
}

/**
 * Parses what a person typed, or null when it is none of the accepted formats. A string of
 * digits alone is a decimal integer (16711680); hex needs a letter or a leading '#'.
 */
export function parseColor(input: string): Rgb | null {
  const value = input.trim().toLowerCase();
  if (!value) return null;
  if (DECIMAL.test(value)) {
    const n = Number(value);
    return n <= MAX_COLOR_INTEGER ? fromInteger(n) : null;
  }
  const hex = HEX.exec(value)?.[1];
  if (hex) return fromInteger(expandHex(hex));
  if (value.startsWith('rgb')) return parseRgbFunction(value);
  // Own keys only: 'constructor' or '__proto__' are not colours.
  return Object.hasOwn(NAMED_COLORS, value) ? fromInteger(NAMED_COLORS[value]!) : null;
}

/** The preset accent closest to a colour by straight-line distance in RGB. */
export function nearestAccent(color: Rgb): AccentColor {
  let best: AccentColor = ACCENT_COLORS[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const accent of ACCENT_COLORS) {
    const ref = fromInteger(ACCENT_REFERENCE[accent]);
    const distance = (ref.r - color.r) ** 2 + (ref.g - color.g) ** 2 + (ref.b - color.b) ** 2;
    if (distance < bestDistance) {
      best = accent;
      bestDistance = distance;
    }
  }
  return best;
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
