import type { Transaction } from 'kysely';
import { badgeDefinition, earnedBadges, factsNeeded, type BadgeFact, type BadgeId } from '@common/badges/badges';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/types';
import { notifySelf } from '../notifications';
import { earnedRows, gatherFacts, insertNewBadges } from './queries';

/** Where a badge notification leads: the writer's own profile, which lists their badges. */
export const BADGES_LINK = '/profile';

/**
 * Awards the badges a writer has newly reached, inside the transaction of what reached them
 * (a story saved, a comment or reaction received). Reads what is already earned (one query),
 * gathers only the facts still needed (`only` narrows them to what the caller can have
 * changed), and inserts the new ones. The primary key (uid, badge) with ON CONFLICT DO
 * NOTHING … RETURNING makes a race award once: only the transaction whose insert really
 * wrote the row announces it, so the writer hears of each badge exactly once.
 * Returns the badges newly earned.
 */
export async function awardBadges(ctx: ServerContext, trx: Transaction<Database>, uid: string, at: string, only?: readonly BadgeFact[]): Promise<BadgeId[]> {
  const earned = new Set((await earnedRows(trx, uid)).map((r) => r.badge));
  const needed = factsNeeded(earned, only);
  if (needed.length === 0) return [];
  const fresh = earnedBadges(await gatherFacts(trx, uid, needed)).filter((id) => !earned.has(id));
  if (fresh.length === 0) return [];
  const won = new Set(await insertNewBadges(trx, uid, fresh, at));
  const awarded = fresh.filter((id) => won.has(id));
  for (const id of awarded) {
    await notifySelf(ctx, trx, { to: uid, type: 'badge', detail: badgeDefinition(id).name, link: BADGES_LINK, at });
  }
  return awarded;
}
