import { describe, expect, it } from 'vitest';
import {
  CONTEST_TEXTS,
  contestInputSchema,
  contestPhase,
  contestTitle,
  countdownText,
  phaseDeadline,
  dailyContestPrompt,
  defaultContestWindows,
  entryPhaseRefusal,
  entryStoryRefusal,
  mondayOf,
  nextContestMonday,
  participationRefusal,
  placeText,
  rankByVotes,
  shuffleFor,
  voteRefusal,
} from './contests';
import { promptForDay } from '../prompts/prompts';

const week = defaultContestWindows('2026-11-30');

describe('contest windows and phases', () => {
  it('defaults to Monday 00:00 to Sunday 23:59 UTC for entries, then Monday to Wednesday for votes', () => {
    expect(week).toEqual({
      entryOpensAt: '2026-11-30T00:00:00.000Z',
      entryClosesAt: '2026-12-07T00:00:00.000Z',
      votingOpensAt: '2026-12-07T00:00:00.000Z',
      votingClosesAt: '2026-12-10T00:00:00.000Z',
    });
  });

  it('turns at the UTC edges, each window including its opening instant and not its closing one', () => {
    const at = (iso: string) => contestPhase(week, new Date(iso));
    expect(at('2026-11-29T23:59:59.999Z')).toBe('upcoming');
    expect(at('2026-11-30T00:00:00.000Z')).toBe('entry');
    expect(at('2026-12-06T23:59:59.999Z')).toBe('entry');
    expect(at('2026-12-07T00:00:00.000Z')).toBe('voting');
    expect(at('2026-12-09T23:59:59.999Z')).toBe('voting');
    expect(at('2026-12-10T00:00:00.000Z')).toBe('closed');
    // A gap the admin left between the windows.
    const gap = { ...week, votingOpensAt: '2026-12-08T00:00:00.000Z' };
    expect(contestPhase(gap, new Date('2026-12-07T12:00:00Z'))).toBe('between');
    // An instant written with an offset is the same instant.
    expect(contestPhase(week, new Date('2026-11-29T19:00:00-05:00'))).toBe('entry');
  });

  it('finds the Monday of any day of a week, and the next one', () => {
    expect(mondayOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(mondayOf(new Date('2026-12-06T23:59:59Z'))).toBe('2026-11-30');
    expect(mondayOf(new Date('2026-12-07T00:00:00Z'))).toBe('2026-12-07');
    expect(mondayOf(new Date('1970-01-01T00:00:00Z'))).toBe('1969-12-29');
    expect(nextContestMonday(new Date('2026-11-27T09:00:00Z'))).toBe('2026-11-30');
  });

  it('names the contest by its week and uses the Monday daily prompt when none is written', () => {
    expect(contestTitle(week.entryOpensAt)).toBe('Week of November 30, 2026');
    // An admin's contest opening midweek is named after its week's Monday too.
    expect(contestTitle('2026-12-02T15:00:00.000Z')).toBe('Week of November 30, 2026');
    const p = promptForDay('2026-11-30');
    expect(dailyContestPrompt('2026-11-30')).toBe(`${p.genre} · ${p.theme} · ${p.twist}`);
  });

  it('checks the admin’s windows are in order', () => {
    const ok = contestInputSchema.safeParse({ prompt: 'A door', ...week });
    expect(ok.success).toBe(true);
    const backwards = contestInputSchema.safeParse({ prompt: '', ...week, votingOpensAt: '2026-12-06T00:00:00Z' });
    expect(backwards.error?.issues[0]?.message).toBe('Voting cannot open before entries close.');
    expect(contestInputSchema.safeParse({ prompt: '', ...week, entryOpensAt: 'Monday' }).error?.issues[0]?.message).toBe('Please give when entries open as a date and time.');
  });
});

describe('ranking with ties', () => {
  it('shares a place between equal votes and skips the next (1, 1, 3)', () => {
    const entries = [
      { id: 'a', votes: 2 },
      { id: 'b', votes: 5 },
      { id: 'c', votes: 5 },
      { id: 'd', votes: 0 },
      { id: 'e', votes: 2 },
    ];
    const ranked = rankByVotes(entries, (e) => e.votes, (x, y) => (x.id < y.id ? -1 : 1));
    expect(ranked.map((r) => [r.item.id, r.place])).toEqual([
      ['b', 1],
      ['c', 1],
      ['a', 3],
      ['e', 3],
      ['d', 5],
    ]);
    expect(rankByVotes([], () => 0)).toEqual([]);
    expect(rankByVotes([{ v: 0 }, { v: 0 }], (e) => e.v).map((r) => r.place)).toEqual([1, 1]);
  });

  it('writes places as English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(placeText)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
  });
});

describe('who may take part', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it('needs an account at least seven days old', () => {
    expect(participationRefusal({ createdAt: '2026-11-24T12:00:00.000Z', authorState: 0 }, now)).toBeNull();
    expect(participationRefusal({ createdAt: '2026-11-24T12:00:00.001Z', authorState: 0 }, now)).toBe(CONTEST_TEXTS.newAccount);
  });
  it('refuses limited and suspended writers', () => {
    expect(participationRefusal({ createdAt: '2020-01-01T00:00:00Z', authorState: 1 }, now)).toBe(CONTEST_TEXTS.restricted);
    expect(participationRefusal({ createdAt: '2020-01-01T00:00:00Z', authorState: 2 }, now)).toBe(CONTEST_TEXTS.restricted);
  });
  it('takes a perfect drabble written during the entry window', () => {
    expect(entryStoryRefusal({ wordCount: 100, createdAt: week.entryOpensAt }, week)).toBeNull();
    expect(entryStoryRefusal({ wordCount: 99, createdAt: week.entryOpensAt }, week)).toBe(CONTEST_TEXTS.notPerfect);
    expect(entryStoryRefusal({ wordCount: 101, createdAt: week.entryOpensAt }, week)).toBe(CONTEST_TEXTS.notPerfect);
    expect(entryStoryRefusal({ wordCount: 100, createdAt: '2026-11-29T23:59:59.999Z' }, week)).toBe(CONTEST_TEXTS.outsideWindow);
    expect(entryStoryRefusal({ wordCount: 100, createdAt: week.entryClosesAt }, week)).toBe(CONTEST_TEXTS.outsideWindow);
  });
  it('lets entries change only while the entry window is open', () => {
    expect(entryPhaseRefusal('upcoming')).toBe(CONTEST_TEXTS.entriesNotOpen);
    expect(entryPhaseRefusal('entry')).toBeNull();
    for (const phase of ['between', 'voting', 'closed'] as const) expect(entryPhaseRefusal(phase)).toBe(CONTEST_TEXTS.entriesClosed);
  });
});

describe('votes', () => {
  const base = { phase: 'voting' as const, admin: false, ownEntry: false, alreadyVoted: false, votesGiven: 0 };
  it('gives up to three, never to one’s own entry, only while voting is open, never as an admin', () => {
    expect(voteRefusal(base)).toBeNull();
    expect(voteRefusal({ ...base, votesGiven: 2 })).toBeNull();
    expect(voteRefusal({ ...base, votesGiven: 3 })).toBe(CONTEST_TEXTS.tooManyVotes);
    expect(voteRefusal({ ...base, votesGiven: 3, alreadyVoted: true })).toBeNull();
    expect(voteRefusal({ ...base, ownEntry: true })).toBe(CONTEST_TEXTS.ownEntry);
    expect(voteRefusal({ ...base, admin: true })).toBe(CONTEST_TEXTS.adminVote);
    expect(voteRefusal({ ...base, phase: 'entry' })).toBe(CONTEST_TEXTS.votingNotOpen);
    expect(voteRefusal({ ...base, phase: 'between' })).toBe(CONTEST_TEXTS.votingNotOpen);
    expect(voteRefusal({ ...base, phase: 'closed' })).toBe(CONTEST_TEXTS.votingClosed);
  });
});

describe('the anonymous order', () => {
  it('is the same for one reader every time and differs between readers', () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ storyId: `story${i}` }));
    const ada = shuffleFor(entries, 'ada').map((e) => e.storyId);
    expect(shuffleFor([...entries].reverse(), 'ada').map((e) => e.storyId)).toEqual(ada);
    expect(shuffleFor(entries, 'bob').map((e) => e.storyId)).not.toEqual(ada);
    expect([...ada].sort()).toEqual(entries.map((e) => e.storyId).sort());
  });
});

describe('the countdown', () => {
  it('says the two largest units left', () => {
    expect(countdownText(((2 * 24 + 4) * 3600 + 59) * 1000)).toBe('2 days 4 hours');
    expect(countdownText((3600 + 60) * 1000)).toBe('1 hour 1 minute');
    expect(countdownText(3600 * 1000)).toBe('1 hour');
    expect(countdownText(65_500)).toBe('1 minute 5 seconds');
    expect(countdownText(-5)).toBe('0 seconds');
  });
  it('counts to the end of the phase the contest is in', () => {
    expect(phaseDeadline({ ...week, phase: 'entry' })).toEqual({ at: week.entryClosesAt, label: 'Entries close in' });
    expect(phaseDeadline({ ...week, phase: 'voting' })).toEqual({ at: week.votingClosesAt, label: 'Voting closes in' });
    expect(phaseDeadline({ ...week, phase: 'closed' })).toBeNull();
  });
});
