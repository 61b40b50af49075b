import { passkey } from '@better-auth/passkey';
import { APIError } from 'better-auth/api';
import type { GenericEndpointContext } from '@better-auth/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

/** The signed cookie that names a ceremony's challenge (its row in authVerifications). */
const CHALLENGE_COOKIE = 'passkey-challenge';

/** better-auth's table of challenges, which our schema types do not list. */
type ChallengeTables = { authVerifications: { identifier: string } };

/**
 * Uses up the ceremony's challenge in one statement, before the answer signs anyone in or adds a
 * key. The plugin reads the challenge, checks the answer, and deletes the challenge only at the
 * end: the same signed answer posted twice at once passed both reads and made two sessions. A
 * DELETE removes the row for exactly one of them; the other finds nothing and is refused.
 */
async function claimChallenge(db: Kysely<Database>, ctx: GenericEndpointContext): Promise<void> {
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const claimed = identifier
    ? await db.withTables<ChallengeTables>().deleteFrom('authVerifications').where('identifier', '=', identifier).executeTakeFirst()
    : null;
  if (!claimed || claimed.numDeletedRows === 0n) throw new APIError('BAD_REQUEST', { message: 'The passkey challenge was already used.', code: 'CHALLENGE_NOT_FOUND' });
}

/**
 * better-auth's passkey plugin (docs/decisions/0040-passkeys.md). The relying party
 * is the app's public address (PUBLIC_URL): its host name is the rpID and its origin the only
 * origin accepted, whatever Origin header a request carries. Passkeys are discoverable
 * (resident keys), so "Sign in with a passkey" needs no email first.
 *
 * A credential id names one passkey of one account: sign-in looks the key up by it. One already
 * held (by anyone) is refused here with the plugin's "could not be added", and the unique index
 * on authPasskeys.credentialID (auth.ts migrateAuthTables) refuses the second of two added at once.
 */
export const passkeyPlugin = (publicUrl: string, db: Kysely<Database>) => {
  const url = new URL(publicUrl);
  return passkey({
    rpID: url.hostname,
    rpName: 'Drabble',
    origin: url.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    advanced: { webAuthnChallengeCookie: CHALLENGE_COOKIE },
    schema: { passkey: { modelName: 'authPasskeys' } },
    registration: {
      afterVerification: async ({ ctx, verification }) => {
        await claimChallenge(db, ctx);
        const id = verification.registrationInfo?.credential.id;
        const held = id ? await db.selectFrom('authPasskeys').select('id').where('credentialID', '=', id).executeTakeFirst() : undefined;
        // Thrown inside the plugin's check, which answers every failure as FAILED_TO_VERIFY_REGISTRATION.
        if (held) throw new APIError('BAD_REQUEST', { message: 'This passkey is already registered.', code: 'FAILED_TO_VERIFY_REGISTRATION' });
      },
    },
    authentication: {
      afterVerification: async ({ ctx }) => claimChallenge(db, ctx),
    },
  });
};

/**
 * What better-auth's own table creation cannot say: one row per credential id. Run after it
 * (its tables do not exist before), under the same migration lock, on every start; both
 * statements do nothing once done. Rows sharing an id could only come from a copy registered
 * after the real one (an id is the device's random choice): the earliest is kept.
 */
export async function uniquePasskeyCredentials(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('authPasskeys as later')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('authPasskeys as earlier')
          .select('earlier.id')
          .whereRef('earlier.credentialID', '=', 'later.credentialID')
          .where((eb) =>
            eb.or([
              eb('earlier.createdAt', '<', eb.ref('later.createdAt')),
              eb.and([eb('later.createdAt', 'is', null), eb('earlier.createdAt', 'is not', null)]),
              eb.and([
                eb.or([eb('earlier.createdAt', '=', eb.ref('later.createdAt')), eb.and([eb('earlier.createdAt', 'is', null), eb('later.createdAt', 'is', null)])]),
                eb('earlier.id', '<', eb.ref('later.id')),
              ]),
            ]),
          ),
      ),
    )
    .execute();
  await db.schema.createIndex('authPasskeys_credentialID_unique').ifNotExists().unique().on('authPasskeys').column('credentialID').execute();
}
