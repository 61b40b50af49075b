import { z } from 'zod';
import { COMMENT_MAX } from '../stories/rules';
import { requiredText, safeText } from '../shared/text';

/**
 * Federation (ActivityPub): what members see and set of Drabble's part in the fediverse
 * (server/features/federation, docs/decisions/0065-federation-on-fedify.md).
 */

/** Replies from other servers to a writer's stories: shown, held for their approval, or refused. */
export const FEDIVERSE_REPLY_MODES = ['show', 'hold', 'off'] as const;
export const fediverseReplyModeSchema = z.enum(FEDIVERSE_REPLY_MODES, 'Choose show, hold or off.');
export type FediverseReplyMode = z.infer<typeof fediverseReplyModeSchema>;

export const FEDERATION_TEXTS = {
  shareLabel: 'Share my public stories with the fediverse',
  shareHelp:
    'People on Mastodon and other fediverse servers can follow you and read your public stories there. Copies on other servers may outlive a deletion here: we ask them to delete, but cannot make them.',
  repliesLabel: 'Replies from the fediverse',
  replyModes: { show: 'Show them', hold: 'Hold them for my approval', off: 'Turn them off' } satisfies Record<FediverseReplyMode, string>,
  addressLabel: 'Your fediverse address',
  followersHeading: 'Followers on other servers',
  noFollowers: 'Nobody on another server follows you yet.',
  removeFollower: 'Remove',
  reply: 'Reply',
  replyLabel: (handle: string) => `Reply to ${handle}`,
  replyHelp: 'Your reply is public: it goes to their server under your fediverse address, as replies on Mastodon do.',
  replyEmpty: 'Please write a reply first.',
  replySend: 'Send reply',
  replySending: 'Sending…',
  myReplies: 'Your replies',
  block: 'Block',
  unblock: 'Unblock',
  blockedHeading: 'Accounts you blocked on other servers',
  blockedHelp: 'They cannot follow you, and their replies, likes and boosts do not reach your stories.',
  followingHeading: 'Writers you follow on other servers',
  followPlaceholder: '@name@server.example',
  follow: 'Follow',
  unfollow: 'Unfollow',
  pending: 'Waiting for their server',
  notFound: 'No one with that address was found.',
  badHandle: 'Write an address like @name@server.example.',
  blockedDomain: 'This server does not federate with that domain.',
  off: 'This server does not take part in the fediverse.',
  self: 'That address is on this server: follow them here instead.',
  reportHeading: 'Report an account to its server',
  reportHelp:
    'Their server’s moderators get your reason, sent in the name of this site rather than yours, and decide what to do. Each report is recorded in the audit log.',
  reportAccountLabel: 'Account',
  reportAccountPlaceholder: '@name@server.example',
  reportReasonLabel: 'Reason',
  reportSubmit: 'Send report',
  reportReasonRequired: 'Please give a reason.',
  reportReasonTooLong: (max: number) => `Reasons are at most ${max} characters.`,
  badAccount: 'Write an address like @name@server.example, or the account’s link.',
  reportSelf: 'That account is on this server: report it from its page here instead.',
  reportSent: (handle: string, domain: string) => `Report about ${handle} sent to ${domain}.`,
} as const;

/** `@name@server.example` (the leading @ optional), as people write fediverse addresses. */
export const fediverseHandleSchema = z
  .string()
  .trim()
  .regex(/^@?[A-Za-z0-9_.-]{1,64}@[A-Za-z0-9.-]+(:\d{1,5})?$/, FEDERATION_TEXTS.badHandle)
  .transform((v) => (v.startsWith('@') ? v : `@${v}`));

export const federationSettingsSchema = z.object({
  /** Federation is on for this server (FEDERATION). */
  enabled: z.boolean(),
  federate: z.boolean(),
  replies: fediverseReplyModeSchema,
  /** `@handle@host`: what people on other servers search for. */
  address: z.string(),
});
export type FederationSettings = z.infer<typeof federationSettingsSchema>;

export const federationSettingsUpdateSchema = z
  .object({ federate: z.boolean().optional(), replies: fediverseReplyModeSchema.optional() })
  .strict()
  .refine((v) => v.federate !== undefined || v.replies !== undefined, 'Nothing to change.');

export const remoteAccountSchema = z.object({
  /** The actor's id (a URL). */
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  /** Their picture as copied to this server (a same-origin URL, never their server's); null: show their initial. */
  iconUrl: z.string().nullable(),
  domain: z.string(),
});
export type RemoteAccount = z.infer<typeof remoteAccountSchema>;

export const remoteFollowerListSchema = z.object({ followers: z.array(remoteAccountSchema.extend({ since: z.string() })) });
export const remoteFollowingListSchema = z.object({
  following: z.array(remoteAccountSchema.extend({ state: z.enum(['pending', 'accepted']), since: z.string() })),
});

/** Accounts on other servers a writer blocked: their follows are refused, their replies, likes and boosts not taken. */
export const remoteBlockListSchema = z.object({ blocked: z.array(remoteAccountSchema.extend({ since: z.string() })) });

export const remoteFollowSchema = z.object({ handle: fediverseHandleSchema }).strict();
/** A link to something on another server: http(s), no control characters (safeText's rule). */
const remoteLinkSchema = (label: string) => safeText(label).pipe(z.url({ protocol: /^https?$/, error: `${label} must be a web address.` }).max(2000));

export const remoteAccountRefSchema = z.object({ id: remoteLinkSchema('The account') }).strict();

/** A post from a writer someone here follows on another server; `content` is sanitised HTML. */
export const remoteStorySchema = z.object({
  id: z.string(),
  url: z.string().nullable(),
  summary: z.string().nullable(),
  sensitive: z.boolean(),
  content: z.string(),
  published: z.string(),
  author: remoteAccountSchema,
  /** The reader's own replies to it, oldest first. */
  myReplies: z.array(z.object({ id: z.string(), text: z.string(), createdAt: z.string() })),
});
export type RemoteStory = z.infer<typeof remoteStorySchema>;

/** POST /api/federation/replies: a member answers a post from another server (in public, as Mastodon replies are). */
export const remoteReplyCreateSchema = z
  .object({
    inReplyTo: remoteLinkSchema('The post'),
    text: requiredText('Your reply', {
      empty: 'Please write a reply first.',
      max: COMMENT_MAX,
      tooLong: `Replies must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters.`,
    }),
  })
  .strict();
/** Likes and boosts of a story from other servers, apart from members' reactions. */
export const fediverseReactionsSchema = z.object({ likes: z.number().int(), boosts: z.number().int() });
export type FediverseReactions = z.infer<typeof fediverseReactionsSchema>;

/** "12 likes and 3 boosts from the fediverse"; null when there are none. */
export function fediverseReactionsLine({ likes, boosts }: FediverseReactions): string | null {
  const parts = [likes ? `${likes} ${likes === 1 ? 'like' : 'likes'}` : null, boosts ? `${boosts} ${boosts === 1 ? 'boost' : 'boosts'}` : null].filter(Boolean);
  return parts.length ? `${parts.join(' and ')} from the fediverse` : null;
}

export const remoteStoryListSchema = z.object({ stories: z.array(remoteStorySchema) });

/** A host's rule for another server: `block` (nothing in or out, its followers removed) or `silence` (its replies held). */
export const DOMAIN_POLICIES = ['block', 'silence'] as const;
export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/, 'Write a domain name such as bad.example.');
export const domainRuleSchema = z.object({ domain: domainNameSchema, mode: z.enum(DOMAIN_POLICIES, 'Choose block or silence.') }).strict();
export const domainRefSchema = z.object({ domain: domainNameSchema }).strict();

/** What an admin's report to another server may say: a Mastodon report's comment is at most 1,000 characters. */
export const REMOTE_REPORT_REASON_MAX = 1000;
/** An account's actor URI, as Mastodon shows it (https://server.example/users/name); http only for loopback trials. */
const actorUriSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: FEDERATION_TEXTS.badAccount }).max(2000, FEDERATION_TEXTS.badAccount);
/** POST /api/admin/federation/reports: an account on another server (its address or URI), and why. */
export const remoteReportSchema = z
  .object({
    account: z.string(FEDERATION_TEXTS.badAccount).trim().pipe(z.union([fediverseHandleSchema, actorUriSchema], { error: FEDERATION_TEXTS.badAccount })),
    reason: requiredText('The reason', {
      empty: FEDERATION_TEXTS.reportReasonRequired,
      max: REMOTE_REPORT_REASON_MAX,
      tooLong: FEDERATION_TEXTS.reportReasonTooLong(REMOTE_REPORT_REASON_MAX),
    }),
  })
  .strict();
export type RemoteReport = z.input<typeof remoteReportSchema>;
/** The account the report went about, as its server names it. */
export const remoteReportSentSchema = z.object({ handle: z.string(), domain: z.string() });
export type RemoteReportSent = z.infer<typeof remoteReportSentSchema>;

export const federationAdminSchema = z.object({
  enabled: z.boolean(),
  domains: z.array(z.object({ domain: z.string(), mode: z.enum(DOMAIN_POLICIES), since: z.string() })),
  health: z.object({
    /** Deliveries and inbound work waiting in the queue, due now or later. */
    queued: z.number().int(),
    ready: z.number().int(),
    delayed: z.number().int(),
    /** Failed delivery attempts in the last 7 days, by domain, most first. */
    failures: z.array(z.object({ domain: z.string(), count: z.number().int(), lastError: z.string(), lastAt: z.string() })),
    remoteFollowers: z.number().int(),
  }),
});
export type FederationAdmin = z.infer<typeof federationAdminSchema>;
