import { describe, expect, it } from 'vitest';
import {
  challengeCreateSchema,
  challengeOutcome,
  challengeProgress,
  challengeSummary,
  projectionSentence,
  type ChallengeRecord,
} from './challenges';

// 5,000 words in 14 days from Monday 2 November 2026: the last day is Sunday 15 November.
const challenge: ChallengeRecord = { words: 5000, days: 14, startDay: '2026-11-02', endDay: '2026-11-15', abandonedOn: null };

describe('challengeProgress', () => {
  it('projects the finish day from the pace so far (on track)', () => {
    const days = [
      { day: '2026-11-01', words: 999 }, // before it began: not counted
      { day: '2026-11-02', words: 600 },
      { day: '2026-11-03', words: 640 },
    ];
    const progress = challengeProgress(challenge, days, '2026-11-04');
    // 1,240 words over 3 days (today counts): 413⅓ a day; 3,760 to go take 10 more days.
    expect(progress).toEqual({
      status: 'active',
      wordsSoFar: 1240,
      dayOfChallenge: 3,
      percent: 24,
      completedOn: null,
      projection: { finishDay: '2026-11-14', inTime: true },
    });
    expect(challengeSummary(challenge, progress)).toBe('1,240 of 5,000 words · day 3 of 14');
    expect(projectionSentence(progress, '2026-11-04', 'en-US')).toBe("At this pace you'll finish on Saturday, November 14");
    expect(projectionSentence(progress, '2026-11-04', 'en-GB')).toBe("At this pace you'll finish on Saturday 14 November");
  });

  it('says when the pace finishes after the challenge ends (behind)', () => {
    const progress = challengeProgress(challenge, [{ day: '2026-11-02', words: 300 }], '2026-11-05');
    // 75 a day over 4 days; 4,700 to go take 63 more days.
    expect(progress.projection).toEqual({ finishDay: '2027-01-07', inTime: false });
    expect(projectionSentence(progress, '2026-11-05', 'en-US')).toBe("At this pace you'll finish on Thursday, January 7, 2027, after the challenge ends.");
  });

  it('reports a finished challenge’s day of completion, whatever came later', () => {
    const days = [
      { day: '2026-11-02', words: 3000 },
      { day: '2026-11-06', words: 2500 },
      { day: '2026-11-07', words: 100 },
    ];
    const progress = challengeProgress(challenge, days, '2026-11-08');
    expect(progress).toMatchObject({ status: 'completed', wordsSoFar: 5600, percent: 100, completedOn: '2026-11-06', projection: null });
    expect(projectionSentence(progress, '2026-11-08')).toBeNull();
    expect(challengeOutcome(progress, '2026-11-08', 'en-US')).toBe('completed on Friday, November 6');
  });

  it('has no projection before the first word', () => {
    const progress = challengeProgress(challenge, [], '2026-11-02');
    expect(progress).toMatchObject({ status: 'active', wordsSoFar: 0, dayOfChallenge: 1, percent: 0, projection: null });
    expect(projectionSentence(progress, '2026-11-02')).toBe('Write your first words to see when you’ll finish.');
  });

  it('on the last day: the pace’s finish falls after it unless the words are in', () => {
    const days = [{ day: '2026-11-02', words: 4900 }];
    const last = challengeProgress(challenge, days, '2026-11-15');
    expect(last).toMatchObject({ status: 'active', dayOfChallenge: 14, projection: { finishDay: '2026-11-16', inTime: false } });
    const done = challengeProgress(challenge, [...days, { day: '2026-11-15', words: 100 }], '2026-11-15');
    expect(done).toMatchObject({ status: 'completed', completedOn: '2026-11-15', dayOfChallenge: 14 });
    // A one-day challenge half done by its only day: at that pace it would finish tomorrow.
    const oneDay: ChallengeRecord = { words: 100, days: 1, startDay: '2026-11-15', endDay: '2026-11-15', abandonedOn: null };
    expect(challengeProgress(oneDay, [{ day: '2026-11-15', words: 50 }], '2026-11-15').projection).toEqual({ finishDay: '2026-11-16', inTime: false });
  });

  it('is not finished once the last day passed without the words', () => {
    const progress = challengeProgress(challenge, [{ day: '2026-11-10', words: 4000 }, { day: '2026-11-16', words: 2000 }], '2026-11-20');
    expect(progress).toMatchObject({ status: 'unfinished', wordsSoFar: 4000, dayOfChallenge: 14, percent: 80, projection: null, completedOn: null });
    expect(challengeOutcome(progress, '2026-11-20')).toBe('not finished');
  });

  it('stops counting on the day it was given up', () => {
    const given: ChallengeRecord = { ...challenge, abandonedOn: '2026-11-04' };
    const progress = challengeProgress(given, [{ day: '2026-11-03', words: 400 }, { day: '2026-11-04', words: 4600 }, { day: '2026-11-05', words: 50 }], '2026-11-06');
    expect(progress).toMatchObject({ status: 'abandoned', wordsSoFar: 5000, dayOfChallenge: 3, completedOn: null, projection: null });
    expect(challengeOutcome(progress, '2026-11-06')).toBe('given up');
    expect(projectionSentence(progress, '2026-11-06')).toBeNull();
  });

  it('counts a day recorded after today (written further east) as today', () => {
    const progress = challengeProgress(challenge, [{ day: '2026-11-05', words: 100 }], '2026-11-04');
    expect(progress.wordsSoFar).toBe(100);
  });
});

describe('challengeCreateSchema', () => {
  it('takes whole words and days within the limits, with clear messages', () => {
    expect(challengeCreateSchema.parse({ words: 5000, days: 14 })).toEqual({ words: 5000, days: 14 });
    const message = (body: unknown) => challengeCreateSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ words: 99, days: 14 })).toBe('A challenge needs at least 100 words.');
    expect(message({ words: 1_000_001, days: 14 })).toBe('A challenge can have at most 1,000,000 words.');
    expect(message({ words: 500.5, days: 14 })).toBe('Words must be a whole number.');
    expect(message({ words: '500', days: 14 })).toBe('Words must be a number.');
    expect(message({ words: 500, days: 0 })).toBe('A challenge lasts at least 1 day.');
    expect(message({ words: 500, days: 366 })).toBe('A challenge lasts at most 365 days.');
    expect(message({ words: 500 })).toBe('Days must be a number.');
    expect(challengeCreateSchema.safeParse({ words: 500, days: 3, extra: 1 }).success).toBe(false);
  });
});
