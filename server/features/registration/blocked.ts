import type { Kysely } from 'kysely';
import { isBlockedEmail, REGISTRATION_TEXTS } from '@common/registration/registration';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/errors';
import { readRegistration } from './settings';

/** An email change to an address under a blocked domain: 400, in words that do not say why. */
export async function refuseBlockedEmail(db: Kysely<Database>, email: string): Promise<void> {
  const { blockedDomains } = await readRegistration(db);
  if (isBlockedEmail(email, blockedDomains)) throw badRequest(REGISTRATION_TEXTS.emailChangeNotPossible, 'email_not_possible');
}
