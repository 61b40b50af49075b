import type { ContestPhase, ContestWindows } from '../../../common/contests/contests';

/*
 * Contest windows around now, for the API tests and the browser tests alike (no test runner
 * imported here): the week passing is the windows moving, never the clock.
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Windows that put `now` in `phase`: the entry window around it, or both windows behind it, and so on. */
export function windowsFor(phase: Exclude<ContestPhase, 'between'>, now = Date.now()): ContestWindows {
  switch (phase) {
    case 'upcoming':
      return { entryOpensAt: iso(now + HOUR), entryClosesAt: iso(now + 2 * HOUR), votingOpensAt: iso(now + 2 * HOUR), votingClosesAt: iso(now + 3 * HOUR) };
    case 'entry':
      return { entryOpensAt: iso(now - HOUR), entryClosesAt: iso(now + HOUR), votingOpensAt: iso(now + HOUR), votingClosesAt: iso(now + 2 * HOUR) };
    case 'voting':
      return { entryOpensAt: iso(now - 3 * HOUR), entryClosesAt: iso(now - HOUR), votingOpensAt: iso(now - HOUR), votingClosesAt: iso(now + HOUR) };
    case 'closed':
      return { entryOpensAt: iso(now - 4 * HOUR), entryClosesAt: iso(now - 3 * HOUR), votingOpensAt: iso(now - 3 * HOUR), votingClosesAt: iso(now - HOUR) };
  }
}

