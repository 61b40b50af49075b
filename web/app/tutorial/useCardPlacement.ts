import { useLayoutEffect, useState } from 'react';
import { isOnScreen, isWhollyOnScreen, placeCard, type Box, type CardPlacement } from './placement';
import type { TutorialAnchor } from './tutorial-steps';

export interface CardLayout {
  placement: CardPlacement;
  /** The step's anchor when it is on screen, to highlight (even when the card has to be centred over it). */
  anchorBox: Box | null;
}

const CENTRED: CardLayout = { placement: { side: 'center' }, anchorBox: null };

function viewportSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

const boxOf = (element: Element): Box => {
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top, left, width, height };
};

/** The first element marked with the anchor that shows on screen (the account menu and the phone menu button share one). */
function findAnchorBox(anchor: TutorialAnchor): Box | null {
  const viewport = viewportSize();
  for (const element of document.querySelectorAll(`[data-tutorial="${anchor}"]`)) {
    const box = boxOf(element);
    if (isOnScreen(box, viewport)) return box;
  }
  return null;
}

/**
 * Brings the step's anchor into view when the page has it below or above the fold (the story
 * editor on a phone, the reactions under a long story). Only when needed: scrolling an anchor
 * that already shows (the sticky profile menu) would move the page for nothing.
 */
function scrollAnchorIntoView(anchor: TutorialAnchor): void {
  const viewport = viewportSize();
  const shown = [...document.querySelectorAll(`[data-tutorial="${anchor}"]`)].filter((element) => {
    const box = boxOf(element);
    return box.width > 0 && box.height > 0;
  });
  if (shown.length === 0 || shown.some((element) => isWhollyOnScreen(boxOf(element), viewport))) return;
  shown[0]?.scrollIntoView({ block: 'center', inline: 'nearest' });
}

function sameLayout(a: CardLayout, b: CardLayout): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Lays the card out beside the step's anchor (scrolled into view first), measured before paint
 * and again whenever the card, the window or the page scroll changes.
 */
export function useCardPlacement(card: HTMLElement | null, anchor: TutorialAnchor | undefined): CardLayout {
  const [layout, setLayout] = useState<CardLayout>(CENTRED);

  useLayoutEffect(() => {
    if (!card) return undefined;
    const update = () => {
      const anchorBox = anchor ? findAnchorBox(anchor) : null;
      const placement = placeCard(anchorBox, { width: card.offsetWidth, height: card.offsetHeight }, viewportSize());
      const next: CardLayout = { placement, anchorBox };
      setLayout((current) => (sameLayout(current, next) ? current : next));
    };
    if (anchor) scrollAnchorIntoView(anchor);
    update();
    const resize = new ResizeObserver(update);
    resize.observe(card);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      resize.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [card, anchor]);

  return layout;
}
