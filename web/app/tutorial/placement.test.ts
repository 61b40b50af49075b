import { describe, expect, it } from 'vitest';
import { SOCIAL_TEXTS } from '@common/follows/follows';
import { ANCHOR_GAP, VIEWPORT_MARGIN, isOnScreen, isWhollyOnScreen, placeCard } from './placement';
import { TUTORIAL_STEPS } from './tutorial-steps';

const viewport = { width: 1280, height: 800 };
const card = { width: 352, height: 200 };

describe('placeCard', () => {
  it('centres the card without an anchor, or with one off screen or hidden', () => {
    expect(placeCard(null, card, viewport)).toEqual({ side: 'center' });
    expect(placeCard({ top: 900, left: 10, width: 100, height: 40 }, card, viewport)).toEqual({ side: 'center' });
    expect(placeCard({ top: -60, left: 10, width: 100, height: 40 }, card, viewport)).toEqual({ side: 'center' });
    expect(placeCard({ top: 0, left: 0, width: 0, height: 0 }, card, viewport)).toEqual({ side: 'center' });
  });

  it('puts the card below the anchor, centred on it', () => {
    expect(placeCard({ top: 100, left: 400, width: 200, height: 50 }, card, viewport)).toEqual({
      side: 'below',
      top: 150 + ANCHOR_GAP,
      left: 500 - card.width / 2,
    });
  });

  it('keeps the card inside the viewport beside an anchor at the edge (the account menu)', () => {
    const placement = placeCard({ top: 12, left: 1230, width: 40, height: 40 }, card, viewport);
    expect(placement).toEqual({ side: 'below', top: 52 + ANCHOR_GAP, left: viewport.width - VIEWPORT_MARGIN - card.width });
  });

  it('goes above when there is no room below', () => {
    expect(placeCard({ top: 600, left: 400, width: 200, height: 100 }, card, viewport)).toMatchObject({ side: 'above', top: 600 - ANCHOR_GAP - card.height });
  });

  it('goes to the side of a tall anchor, and centres when it fits nowhere', () => {
    expect(placeCard({ top: 100, left: 16, width: 600, height: 650 }, card, viewport)).toMatchObject({ side: 'right', left: 616 + ANCHOR_GAP });
    expect(placeCard({ top: 100, left: 700, width: 500, height: 650 }, card, viewport)).toMatchObject({ side: 'left', left: 700 - ANCHOR_GAP - card.width });
    expect(placeCard({ top: 0, left: 0, width: 1280, height: 800 }, card, viewport)).toEqual({ side: 'center' });
  });

  it('centres on a viewport too small for the card', () => {
    expect(placeCard({ top: 10, left: 10, width: 40, height: 40 }, card, { width: 300, height: 500 })).toEqual({ side: 'center' });
  });
});

describe('isOnScreen', () => {
  it('needs some of a non-empty box inside the viewport', () => {
    expect(isOnScreen({ top: 790, left: 0, width: 10, height: 20 }, viewport)).toBe(true);
    expect(isOnScreen({ top: 800, left: 0, width: 10, height: 20 }, viewport)).toBe(false);
    expect(isOnScreen({ top: 10, left: -10, width: 10, height: 20 }, viewport)).toBe(false);
  });
});

describe('isWhollyOnScreen', () => {
  it('needs all of a non-empty box inside the viewport', () => {
    expect(isWhollyOnScreen({ top: 0, left: 0, width: 1280, height: 800 }, viewport)).toBe(true);
    expect(isWhollyOnScreen({ top: 790, left: 0, width: 10, height: 20 }, viewport)).toBe(false);
    expect(isWhollyOnScreen({ top: -1, left: 0, width: 10, height: 20 }, viewport)).toBe(false);
    expect(isWhollyOnScreen({ top: 10, left: 1275, width: 10, height: 20 }, viewport)).toBe(false);
    expect(isWhollyOnScreen({ top: 10, left: 10, width: 0, height: 0 }, viewport)).toBe(false);
  });
});

describe('TUTORIAL_STEPS', () => {
  it('has the eight steps of the spec in order, three of them anchored', () => {
    expect(TUTORIAL_STEPS.map((step) => step.title)).toEqual([
      'Welcome',
      'Daily Prompt',
      'Write Your Story',
      'Make Stories Public or Private',
      'Reactions & Comments',
      'Add and Follow Friends',
      'Profile & Streaks',
      "You're Ready",
    ]);
    expect(TUTORIAL_STEPS.map((step) => step.anchor ?? null)).toEqual([null, null, 'story-editor', null, 'story-reactions', null, 'profile-menu', null]);
  });

  it('names the follow button as it reads: Follow, Following, Follow back, Friends', () => {
    const follow = TUTORIAL_STEPS[5]?.description ?? '';
    for (const label of [SOCIAL_TEXTS.follow, SOCIAL_TEXTS.following, SOCIAL_TEXTS.followBack, SOCIAL_TEXTS.friends]) expect(follow).toContain(label);
  });
});
