import { z } from 'zod';

/*
 * Who may join: the registration mode, the blocked email domains and invite links.
 * Pure: the schemas both sides check, the words both sides show, and the domain rule.
 */

export const REGISTRATION_MODES = ['open', 'approval', 'invite'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const REGISTRATION_MODE_LABELS: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone can create an account.' },
  approval: { label: 'Approval', hint: 'New accounts can sign in but wait until an admin approves them in Users.' },
  invite: { label: 'Invite only', hint: 'Creating an account needs an invite link.' },
};

export const BLOCKED_DOMAINS_MAX = 500;
export const INVITE_USES_MAX = 10_000;
export const INVITE_DAYS_MAX = 365;
/** Invite codes: 22 characters of base64url (16 random bytes). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const REGISTRATION_TEXTS = {
  /** Neutral on purpose: it says neither that the domain is blocked nor that an account exists. */
  emailNotPossible: 'Sign-up with this email address is not possible.',
  emailChangeNotPossible: 'This email address cannot be used.',
  inviteRequired: 'Creating an account needs an invite. Ask someone on this site for an invite link.',
  /** The login screen's "Sign up" tab in invite-only mode without an invite: instead of the form. */
  inviteOnly: 'Joining is by invitation. Ask someone on this site for an invite link, then open it to create your account.',
  inviteInvalid: 'This invite link is no longer valid. Ask for a new one.',
  waitingTitle: 'Your account is waiting for approval',
  waitingBody: 'An admin will look at your sign-up soon. We will email you when you can start writing.',
  waitingMeanwhile: 'Meanwhile, you can read the stories in Community.',
  /** The admin panel's notice, with a link to the Users list filtered to them. */
  waitingCount: (n: number) => (n === 1 ? '1 person is waiting for approval' : `${n} people are waiting for approval`),
  awaitingApproval: 'Your account is waiting for approval.',
  notWaiting: 'This account is not waiting for approval.',
  inviteGone: 'No such invite.',
  inviteAlreadyRevoked: 'This invite was already revoked.',
  invalidDomain: (domain: string) => `"${domain}" is not a domain name.`,
} as const;

/**
 * A domain as people type it ("@Example.COM", "*.example.com", "example.com.") in the one form
 * it is stored and compared in: lower case, ASCII (punycode), no leading "@" or "*.", no final
 * dot. null when it is not a domain name.
 */
export function normalizeDomain(input: string): string | null {
  const raw = input.trim().replace(/^@/, '').replace(/^\*\./, '').replace(/\.$/, '');
  if (!raw || raw.length > 253 || /[\s/:@?#[\]\\]/.test(raw)) return null;
  let host: string;
  try {
    host = new URL(`http://${raw}`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  const valid = labels.length >= 2 && labels.every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) && !/^\d+$/.test(labels.at(-1)!);
  return valid ? host : null;
}

/**
 * Whether an address may not be used while `blocked` is the list: its domain is a blocked one
 * or under one (each of its suffixes is checked). While any domain is blocked, an address whose
 * domain cannot be read as a domain name (a label ending in a hyphen, one over 63 characters,
 * a second final dot, no "@") is refused too: it may well reach a blocked domain's mail server,
 * and a check that cannot read it must not let it through.
 */
export function isBlockedEmail(email: string, blocked: readonly string[]): boolean {
  if (blocked.length === 0) return false;
  const at = email.lastIndexOf('@');
  const domain = at < 0 ? null : normalizeDomain(email.slice(at + 1));
  if (!domain) return true;
  return blocked.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** A list as typed: one domain per entry; each normalised, duplicates dropped, sorted. */
const blockedDomainsSchema = z
  .array(z.string().max(260))
  .max(BLOCKED_DOMAINS_MAX, `At most ${BLOCKED_DOMAINS_MAX} domains.`)
  .transform((list, ctx) => {
    const out = new Set<string>();
    for (const entry of list) {
      if (!entry.trim()) continue;
      const domain = normalizeDomain(entry);
      if (!domain) {
        ctx.addIssue({ code: 'custom', message: REGISTRATION_TEXTS.invalidDomain(entry.trim().slice(0, 80)) });
        return z.NEVER;
      }
      out.add(domain);
    }
    return [...out].sort();
  });

export const registrationSettingsSchema = z.object({
  mode: z.enum(REGISTRATION_MODES),
  blockedDomains: z.array(z.string()),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;
export const DEFAULT_REGISTRATION: RegistrationSettings = { mode: 'open', blockedDomains: [] };

/** PATCH /api/admin/settings/registration. */
export const registrationUpdateSchema = z
  .object({ mode: z.enum(REGISTRATION_MODES).optional(), blockedDomains: blockedDomainsSchema.optional() })
  .strict()
  .refine((v) => v.mode !== undefined || v.blockedDomains !== undefined, { message: 'Nothing to update' });
export type RegistrationUpdate = z.input<typeof registrationUpdateSchema>;

/** GET /api/registration?invite=CODE: what the login screen needs to know before a sign-up. */
export const registrationInfoQuerySchema = z.object({ invite: z.string().max(64).optional() });
export const registrationInfoSchema = z.object({
  mode: z.enum(REGISTRATION_MODES),
  /** Whether the invite in the query can still be used (null: none asked about). */
  invite: z.enum(['valid', 'invalid']).nullable(),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

/** POST /api/admin/invites: both optional (no limit, never expires). */
export const inviteCreateSchema = z
  .object({
    maxUses: z.number().int().min(1, 'At least 1 use.').max(INVITE_USES_MAX, `At most ${INVITE_USES_MAX} uses.`).nullable().optional(),
    expiresInDays: z.number().int().min(1, 'At least 1 day.').max(INVITE_DAYS_MAX, `At most ${INVITE_DAYS_MAX} days.`).nullable().optional(),
  })
  .strict();
export type InviteCreate = z.input<typeof inviteCreateSchema>;

export const INVITE_STATES = ['active', 'used up', 'expired', 'revoked'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

export const inviteSchema = z.object({
  id: z.string(),
  code: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ uid: z.string(), displayName: z.string() }),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(INVITE_STATES),
  joined: z.array(z.object({ uid: z.string(), displayName: z.string(), joinedAt: z.string() })),
});
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.object({ items: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;

/** The state an invite is in at `now`: revoked first, then used up, then expired. */
export function inviteState(invite: { maxUses: number | null; uses: number; expiresAt: string | null; revokedAt: string | null }, now: string): InviteState {
  if (invite.revokedAt) return 'revoked';
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return 'used up';
  if (invite.expiresAt !== null && invite.expiresAt <= now) return 'expired';
  return 'active';
}

/** POST /api/admin/users/:uid/approval. */
export const approvalDecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) }).strict();
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** The invite link people open: the login screen in sign-up mode, with the code. */
export const inviteLink = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/join/${code}`;
