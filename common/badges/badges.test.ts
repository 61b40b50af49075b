import { describe, expect, it } from 'vitest';
import { BADGE_IDS, BADGES, badgeDefinition, earnedBadges, earnedText, factsNeeded, isBadgeId } from './badges';

describe('the badge catalogue', () => {
  it('lists every badge once, in the order of BADGE_IDS, with the issue’s names', () => {
    expect(BADGES.map((b) => b.id)).toEqual([...BADGE_IDS]);
    expect(BADGES.map((b) => b.name)).toEqual([
      'First story',
      'First perfect drabble',
      '3-day streak',
      '7-day streak',
      '30-day streak',
      '100-day streak',
      '10 prompts answered',
      'First comment received',
      '10 reactions on a story',
      // Written at a contest's reveal.
      'Contest winner',
      'Contest podium',
    ]);
    for (const b of BADGES) expect(b.description).toMatch(/^[A-Z].+\.$/);
  });

  it('knows its ids', () => {
    expect(isBadgeId('streak_7')).toBe(true);
    expect(isBadgeId('streak_8')).toBe(false);
    expect(isBadgeId(7)).toBe(false);
    expect(badgeDefinition('prompts_10').threshold).toBe(10);
  });
});

describe('earnedBadges', () => {
  it('earns nothing from no facts or zeros', () => {
    expect(earnedBadges({})).toEqual([]);
    expect(earnedBadges({ stories: 0, perfectDrabbles: 0, bestStreak: 0, answeredPrompts: 0, commentsReceived: 0, mostReactions: 0 })).toEqual([]);
  });

  it('earns each badge at its threshold and not one below', () => {
    for (const b of BADGES) {
      expect(earnedBadges({ [b.fact]: b.threshold - 1 })).not.toContain(b.id);
      expect(earnedBadges({ [b.fact]: b.threshold })).toContain(b.id);
    }
  });

  it('earns every streak badge up to the best streak, in catalogue order', () => {
    expect(earnedBadges({ bestStreak: 2 })).toEqual([]);
    expect(earnedBadges({ bestStreak: 29 })).toEqual(['streak_3', 'streak_7']);
    expect(earnedBadges({ bestStreak: 100, stories: 5 })).toEqual(['first_story', 'streak_3', 'streak_7', 'streak_30', 'streak_100']);
  });
});

describe('factsNeeded', () => {
  it('asks for every fact while nothing is earned', () => {
    expect(factsNeeded([])).toEqual(['stories', 'perfectDrabbles', 'bestStreak', 'answeredPrompts', 'commentsReceived', 'mostReactions', 'contestWins', 'contestPodiums']);
  });

  it('drops a fact once all of its badges are earned, and keeps it while one is left', () => {
    expect(factsNeeded(['first_story', 'streak_3', 'streak_7', 'streak_30'])).toContain('bestStreak');
    expect(factsNeeded(['first_story', 'streak_3', 'streak_7', 'streak_30', 'streak_100'])).not.toContain('bestStreak');
    expect(factsNeeded(['first_story'])).not.toContain('stories');
    expect(factsNeeded(BADGE_IDS)).toEqual([]);
  });

  it('limits itself to the facts a caller can have changed', () => {
    expect(factsNeeded([], ['mostReactions'])).toEqual(['mostReactions']);
    expect(factsNeeded(['reactions_10'], ['mostReactions'])).toEqual([]);
  });
});

describe('earnedText', () => {
  it('reads as a date in words', () => {
    expect(earnedText('2026-11-03T10:00:00.000Z', 'UTC', 'en-GB')).toBe('Earned 3 November 2026');
    expect(earnedText('2026-11-03T10:00:00.000Z', 'UTC', 'en-US')).toBe('Earned November 3, 2026');
    expect(earnedText('2026-11-03T23:30:00.000Z', 'Asia/Tokyo', 'en-GB')).toBe('Earned 4 November 2026');
    expect(earnedText('not a date')).toBe('Earned');
  });
});
