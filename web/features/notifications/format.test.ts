import { describe, expect, it } from 'vitest';
import { titleWithCount, type UserNotification } from '@common/notifications/notifications';
import { badgeText, bellLabel, hasMoreActors, notificationSentence, sentenceText, stripTitleCount, titleCount } from './format';

const actor = (displayName: string) => ({ uid: displayName.toLowerCase(), displayName, profileIcon: 'Feather' as const, profileImage: null });

const reaction = (names: string[], actorCount: number): Pick<UserNotification, 'type' | 'actors' | 'actorCount' | 'subject' | 'detail'> => ({
  type: 'reaction',
  actors: names.map(actor),
  actorCount,
  subject: 'Night Train',
  detail: null,
});

describe('badgeText', () => {
  it('shows nothing at zero, the number up to 99 and "99+" above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('bellLabel', () => {
  it('names the bell and its unread count, distinct from the admins\' bell', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(3)).not.toMatch(/^Admin/);
  });
});

describe('row sentence', () => {
  it('names the first three people and counts the rest, the title as the subject', () => {
    const parts = notificationSentence(reaction(['Ada', 'Ben', 'Cy'], 5));
    expect(sentenceText(parts)).toBe('Ada, Ben, Cy and 2 others reacted to Night Train');
    expect(parts.filter((p) => p.subject).map((p) => p.text)).toEqual(['Night Train']);
  });

  it('joins three names with "and" when nobody else is in the group', () => {
    expect(sentenceText(notificationSentence(reaction(['Ada', 'Ben', 'Cy'], 3)))).toBe('Ada, Ben and Cy reacted to Night Train');
  });

  it('expands only when the group holds more people than it names', () => {
    expect(hasMoreActors(reaction(['Ada', 'Ben', 'Cy'], 3))).toBe(false);
    expect(hasMoreActors(reaction(['Ada', 'Ben', 'Cy'], 4))).toBe(true);
  });
});

describe('tab title', () => {
  it('adds unread notifications and unread conversations', () => {
    expect(titleCount(2, 1)).toBe(3);
    expect(titleCount(undefined, 4)).toBe(4);
    expect(titleCount(undefined, undefined)).toBe(0);
  });

  it('strips an earlier count so the count is never doubled', () => {
    expect(stripTitleCount('(3) Drabble')).toBe('Drabble');
    expect(stripTitleCount('(99+) Settings · Drabble')).toBe('Settings · Drabble');
    expect(stripTitleCount('(Draft) notes')).toBe('(Draft) notes');
    expect(titleWithCount(stripTitleCount(titleWithCount('Drabble', 3)), 4)).toBe('(4) Drabble');
  });
});
