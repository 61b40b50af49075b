import { CHALLENGE_ENDED, CHALLENGE_NOT_FOUND, CHALLENGES_PAST_MAX, ONE_ACTIVE_CHALLENGE, type ChallengeCreate, type ChallengeResponse, type ChallengesResponse } from '@common/challenges/challenges';
import { addDays } from '@common/streaks/streak';
import type { ServerContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { newId } from '../../shared/ids';
import { earliestStart, insertChallenge, latestChallenges, openChallenges, ownChallenge, presentChallenge, setChallengeAbandoned, writerClock, writingDaysFrom } from './queries';

/**
 * Starts "N words in D days" today (the writer's local day) through day D. Under the users
 * row's lock, so of two parallel starts the second sees the first: at most one active.
 */
export async function startChallenge(ctx: ServerContext, uid: string, input: ChallengeCreate, now = new Date()): Promise<ChallengeResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const clock = await writerClock(trx, uid, now, ctx.dialect);
    const open = await openChallenges(trx, uid, clock.today);
    const days = await writingDaysFrom(trx, uid, earliestStart(open));
    if (open.some((row) => presentChallenge(row, days, clock).status === 'active')) throw conflict(ONE_ACTIVE_CHALLENGE);
    const row = {
      id: newId(),
      uid,
      words: input.words,
      days: input.days,
      startDay: clock.today,
      endDay: addDays(clock.today, input.days - 1),
      abandonedAt: null,
      created_at: now.toISOString(),
    };
    await insertChallenge(trx, row);
    return { challenge: presentChallenge(row, await writingDaysFrom(trx, uid, row.startDay), clock), today: clock.today };
  });
}

/**
 * The active challenge and the latest that ended. A new one can start only when none is
 * active, so the active one is always the newest.
 */
export async function listChallenges(ctx: ServerContext, uid: string, now = new Date()): Promise<ChallengesResponse> {
  const clock = await writerClock(ctx.db, uid, now);
  const rows = await latestChallenges(ctx.db, uid, CHALLENGES_PAST_MAX + 1);
  const days = await writingDaysFrom(ctx.db, uid, earliestStart(rows));
  const all = rows.map((row) => presentChallenge(row, days, clock));
  const active = all.find((c) => c.status === 'active') ?? null;
  const past = all.filter((c) => c.status !== 'active').slice(0, CHALLENGES_PAST_MAX);
  return { today: clock.today, active, past };
}

/** Gives up the writer's own active challenge; again on one given up answers it as it is. Others' are not found. */
export async function giveUpChallenge(ctx: ServerContext, uid: string, id: string, now = new Date()): Promise<ChallengeResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const clock = await writerClock(trx, uid, now, ctx.dialect);
    const row = await ownChallenge(trx, uid, id);
    if (!row) throw notFound(CHALLENGE_NOT_FOUND);
    const days = await writingDaysFrom(trx, uid, row.startDay);
    const current = presentChallenge(row, days, clock);
    if (current.status === 'abandoned') return { challenge: current, today: clock.today };
    if (current.status !== 'active') throw conflict(CHALLENGE_ENDED);
    const abandonedAt = now.toISOString();
    await setChallengeAbandoned(trx, id, abandonedAt);
    return { challenge: presentChallenge({ ...row, abandonedAt }, days, clock), today: clock.today };
  });
}
