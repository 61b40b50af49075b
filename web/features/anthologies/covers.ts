import type { AnthologyCover } from '@common/anthologies/anthologies';

/**
 * The covers' colours in each scheme: a 700 tone on the light pages and a 400 one on the dark,
 * each at least 3:1 against the surface (a spine, a band and a swatch are shapes to tell apart,
 * never a text's background). Whole class names, so Tailwind finds them.
 */
export const COVER_BG: Record<AnthologyCover, string> = {
  ink: 'bg-slate-700 dark:bg-slate-300',
  rose: 'bg-rose-700 dark:bg-rose-400',
  amber: 'bg-amber-700 dark:bg-amber-400',
  moss: 'bg-green-700 dark:bg-green-400',
  sea: 'bg-cyan-700 dark:bg-cyan-400',
  plum: 'bg-purple-700 dark:bg-purple-400',
};

/** The chosen swatch's ring, in its own colour. */
export const COVER_RING: Record<AnthologyCover, string> = {
  ink: 'ring-slate-700 dark:ring-slate-300',
  rose: 'ring-rose-700 dark:ring-rose-400',
  amber: 'ring-amber-700 dark:ring-amber-400',
  moss: 'ring-green-700 dark:ring-green-400',
  sea: 'ring-cyan-700 dark:ring-cyan-400',
  plum: 'ring-purple-700 dark:ring-purple-400',
};
