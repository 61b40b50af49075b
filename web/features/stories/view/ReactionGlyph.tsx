import { Flame, Frown, Heart, Laugh, ThumbsUp, type LucideIcon, type LucideProps } from 'lucide-react';
import type { ReactionKind } from '@common/stories/rules';

/** The colour emoji fonts of the systems we know, before whatever the page's font falls back to. */
const EMOJI_FONTS = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "Twemoji Mozilla", sans-serif';

let colourEmoji: boolean | undefined;

/**
 * Whether this system draws emoji in colour: one is drawn on a small canvas and its pixels
 * looked at. Without a colour emoji font (a bare Linux, some older systems) the glyph comes
 * out as a monochrome outline or an empty box: grey pixels only, or none.
 */
export function hasColourEmoji(): boolean {
  if (colourEmoji !== undefined) return colourEmoji;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 20;
    canvas.height = 20;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return (colourEmoji = true);
    context.textBaseline = 'top';
    context.font = `16px ${EMOJI_FONTS}`;
    context.fillStyle = '#000';
    context.fillText('\u{1F602}', 0, 0);
    const pixels = context.getImageData(0, 0, 20, 20).data;
    colourEmoji = false;
    for (let i = 0; i < pixels.length; i += 4) {
      if ((pixels[i + 3] ?? 0) > 0 && (pixels[i] !== pixels[i + 1] || pixels[i + 1] !== pixels[i + 2])) colourEmoji = true;
    }
  } catch {
    // A browser that will not say (canvas blocked for privacy): trust it with the emoji.
    colourEmoji = true;
  }
  return colourEmoji;
}

/** Lucide has no surprised face: this one is drawn in its style. */
function Surprised(props: LucideProps) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="15.5" r="2" />
      <line x1="9" x2="9.01" y1="9" y2="9" />
      <line x1="15" x2="15.01" y1="9" y2="9" />
    </svg>
  );
}

/** Each reaction as a picture, for systems without colour emoji. */
const FALLBACK: Record<ReactionKind, { Icon: LucideIcon | typeof Surprised; className: string }> = {
  heart: { Icon: Heart, className: 'fill-current text-rose-600 dark:text-rose-400' },
  fire: { Icon: Flame, className: 'fill-current text-orange-500 dark:text-orange-400' },
  laugh: { Icon: Laugh, className: 'text-amber-600 dark:text-amber-400' },
  wow: { Icon: Surprised, className: 'text-amber-600 dark:text-amber-400' },
  sad: { Icon: Frown, className: 'text-sky-600 dark:text-sky-400' },
  clap: { Icon: ThumbsUp, className: 'text-emerald-600 dark:text-emerald-400' },
};

/** A reaction's emoji where the system draws it in colour, its picture elsewhere. Decorative: the button names the reaction. */
export function ReactionGlyph({ kind, emoji }: { kind: ReactionKind; emoji: string }) {
  if (hasColourEmoji()) {
    return (
      <span aria-hidden className="text-base leading-none" style={{ fontFamily: EMOJI_FONTS }}>
        {emoji}
      </span>
    );
  }
  const { Icon, className } = FALLBACK[kind];
  return <Icon aria-hidden className={`size-4 ${className}`} data-testid="reaction-fallback" />;
}
