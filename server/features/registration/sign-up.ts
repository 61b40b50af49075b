import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { isBlockedEmail } from '@common/registration/registration';
import type { Database } from '../../db/types';
import { ensureSessionUser, isOwner } from '../../shared/users';
import { consumeInvite, recordInviteJoin, releaseInvite } from './invites';
import { readRegistration } from './settings';
import { setAwaitingApprovalSince } from './queries';
import { INVITE_HEADER, type SignUpRule } from '../../auth/invite';

/**
 * The sign-up rule, run by better-auth's user-create hooks for every new account:
 * the email sign-up and a first provider sign-in alike. The invite travels in INVITE_HEADER,
 * (auth/invite.ts), which only our /api/auth wrapper sets (auth/routes.ts: from the sign-up body, or for a
 * provider from the cookie set when the sign-in started). Accounts made outside a request
 * (none today) are not sign-ups and pass.
 */

/** What `before` decided, for `after` (same request: the endpoint context is the key). */
interface Decision {
  inviteId: string | null;
  awaitsApproval: boolean;
}
const decisions = new WeakMap<object, Decision>();

/**
 * The message is the lower-case code: a refused provider sign-in comes back to the login screen
 * as `?error=<message>`, which it words (web/features/auth/provider-errors.ts); an email sign-up's
 * JSON refusal gets its words from auth/messages.ts.
 */
const refusal = (code: 'SIGN_UP_NOT_POSSIBLE' | 'INVITE_REQUIRED' | 'INVITE_INVALID') => ({ message: code.toLowerCase(), code });

interface Endpoint {
  headers?: Headers;
}

export function signUpRule(db: Kysely<Database>, adminEmail: string | null): SignUpRule {
  return {
    /** Refuses the account (APIError 403) when the domain is blocked or the invite is missing; takes the invite's use. */
    before: async (user: { email: string; emailVerified: boolean }, endpoint: Endpoint | null): Promise<void> => {
      if (!endpoint) return;
      const settings = await readRegistration(db);
      if (isBlockedEmail(user.email, settings.blockedDomains)) {
        throw new APIError('FORBIDDEN', refusal('SIGN_UP_NOT_POSSIBLE'));
      }
      // The owner address, once a provider vouches for it, is never kept out of its own site.
      if (settings.mode === 'open' || isOwner(user.email, user.emailVerified, adminEmail)) return;
      if (settings.mode === 'approval') {
        decisions.set(endpoint, { inviteId: null, awaitsApproval: true });
        return;
      }
      const code = endpoint.headers?.get(INVITE_HEADER) ?? '';
      if (!code) throw new APIError('FORBIDDEN', refusal('INVITE_REQUIRED'));
      const inviteId = await consumeInvite(db, code, new Date().toISOString());
      if (!inviteId) throw new APIError('FORBIDDEN', refusal('INVITE_INVALID'));
      decisions.set(endpoint, { inviteId, awaitsApproval: false });
    },
    /** Once the account exists: who invited it, or its wait for approval (set before its first session reaches the API). */
    after: async (user: { id: string; email: string; name: string; emailVerified: boolean } | null, endpoint: Endpoint | null): Promise<void> => {
      const decision = endpoint ? decisions.get(endpoint) : undefined;
      if (!decision) return;
      if (endpoint) decisions.delete(endpoint);
      if (!user) {
        if (decision.inviteId) await releaseInvite(db, decision.inviteId);
        return;
      }
      if (decision.inviteId) await recordInviteJoin(db, decision.inviteId, user.id);
      if (decision.awaitsApproval) {
        await ensureSessionUser(db, { uid: user.id, email: user.email, displayName: user.name, emailVerified: user.emailVerified }, adminEmail);
        await setAwaitingApprovalSince(db, user.id, new Date().toISOString());
      }
    },
  };
}
