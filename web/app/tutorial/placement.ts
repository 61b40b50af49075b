export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export type CardSide = 'below' | 'above' | 'right' | 'left';

/** Where the tutorial card goes: beside its anchor, or centred when there is none on screen. */
export type CardPlacement = { side: 'center' } | { side: CardSide; top: number; left: number };

/** Space between the anchor and the card, and between the card and the viewport's edge. */
export const ANCHOR_GAP = 12;
export const VIEWPORT_MARGIN = 16;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/** True when some of the box is inside the viewport (a hidden element measures 0×0). */
export function isOnScreen(box: Box, viewport: Size): boolean {
  return (
    box.width > 0 &&
    box.height > 0 &&
    box.top < viewport.height &&
    box.left < viewport.width &&
    box.top + box.height > 0 &&
    box.left + box.width > 0
  );
}

/** True when all of a non-empty box is inside the viewport: nothing to scroll for. */
export function isWhollyOnScreen(box: Box, viewport: Size): boolean {
  return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.top + box.height <= viewport.height && box.left + box.width <= viewport.width;
}

/**
 * Puts the card below its anchor, else above, right or left — whichever first fits
 * entirely on screen — and centres it when there is no visible anchor or nothing fits.
 */
export function placeCard(anchor: Box | null, card: Size, viewport: Size): CardPlacement {
  if (!anchor || !isOnScreen(anchor, viewport)) return { side: 'center' };
  const maxTop = viewport.height - VIEWPORT_MARGIN - card.height;
  const maxLeft = viewport.width - VIEWPORT_MARGIN - card.width;
  if (maxTop < VIEWPORT_MARGIN || maxLeft < VIEWPORT_MARGIN) return { side: 'center' };

  const centredLeft = clamp(anchor.left + anchor.width / 2 - card.width / 2, VIEWPORT_MARGIN, maxLeft);
  const centredTop = clamp(anchor.top + anchor.height / 2 - card.height / 2, VIEWPORT_MARGIN, maxTop);
  const below = anchor.top + anchor.height + ANCHOR_GAP;
  if (below <= maxTop) return { side: 'below', top: below, left: centredLeft };
  const above = anchor.top - ANCHOR_GAP - card.height;
  if (above >= VIEWPORT_MARGIN) return { side: 'above', top: above, left: centredLeft };
  const right = anchor.left + anchor.width + ANCHOR_GAP;
  if (right <= maxLeft) return { side: 'right', top: centredTop, left: right };
  const left = anchor.left - ANCHOR_GAP - card.width;
  if (left >= VIEWPORT_MARGIN) return { side: 'left', top: centredTop, left };
  return { side: 'center' };
}
