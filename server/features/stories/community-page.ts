import type { Context } from 'hono';
import { storyContracts } from '@common/stories/contract';
import { PUBLIC_STORIES_TOPIC } from '@common/events/live-events';
import type { Kysely, RawBuilder } from 'kysely';
import type { CommunityQuery, StoryPage, StoryPermissions, StorySummary } from '@common/stories/story';
import { AUTHOR_STATE } from '@common/moderation/moderation';
import { warningMask } from '@common/stories/content-warnings';
import type { ServerContext } from '../../context';
import type { EarlyAnswerer } from '../../http/early-answers';
import { encodeJson, GZIP_JSON_HEADERS, prefersGzip, type EncodedJson } from '../../http/encoded-json';
import type { Database } from '../../db/types';
import type { StoryScope } from '../../policy/readable-stories';
import { shelfFacts, type ShelfFacts } from '../../policy/relations';
import { storyPolicy, type StoryFacts } from '../../policy/stories';
import { viewerOf, type SignedInViewer } from '../../policy/viewer';
import { keptSignedInReader } from '../../auth/session';
import { communityPage, communityQuery } from './queries/lists';
import { seqListOf, unreadableSeqs } from './queries';

/**
 * The community list's first page (no parameters), serialised and gzipped once
 * (http/encoded-json.ts), kept for a moment and shared by guests and ordinary signed-in
 * readers (docs/decisions/0019-lean-request-path.md).
 */

/**
 * How long the shared first page is served from memory. On this instance a story saved,
 * deleted, made public or private, or viewed drops it at once. On every instance so does a
 * public story leaving the shelves (made private, deleted, removed: `stories.changed`), a
 * writer's change of standing, and any reaction or comment on a public story (`story.counts`),
 * before any request that starts after the change was answered (EventBus.caughtUp, decision
 * 0062); anything else (a story saved on another instance, a new avatar) shows within this bound.
 */
export const GUEST_PAGE_TTL_MS = 1000;

/** The shared first page: the guest's answer, and the one every ordinary signed-in reader gets. */
export interface CommunityHead {
  page: StoryPage;
  /** The rows it was made of, the one after the page included (it decides the next cursor). */
  seqs: number[];
  guest: EncodedJson<StoryPage>;
  /** Built on first use: the same stories with a signed-in reader's permissions (never the author's). */
  reader: EncodedJson<StoryPage> | null;
  /** Built on first use, for isReadersPage. */
  readerPermissions?: StoryPermissions[];
  /** Each story as the policy sees it, built on first use (the same for every reader). */
  facts?: StoryFacts[];
  /** Each story's content warnings as a mask, built on first use by a reader who hides some. */
  warnings?: number[];
  seqList?: RawBuilder<unknown>;
}

/**
 * GET /api/stories/community without parameters: the shared page, whose signed-in reader's
 * shelf facts the session reads with their users row (app.ts, auth/session.ts).
 */
export const isSharedCommunityPage = (c: Context): boolean => (c.req.method === 'GET' || c.req.method === 'HEAD') && c.req.path === storyContracts.community.path && !c.req.url.includes('?');

/** The scope of the community shelf without parameters (lists.ts communityQuery). */
const COMMUNITY_SCOPE: StoryScope = { publicOnly: true, excludeMuted: true, excludeLimited: true, excludeHiddenWarnings: true };

/** Every story on the shared page is a guest's: public, by a writer neither hidden nor limited. */
const shown = (story: StorySummary): StoryFacts => ({ ...story, authorState: AUTHOR_STATE.visible });

/** Anyone signed in who wrote none of the stories: what `permissions` says to every such reader. */
const SOME_READER: SignedInViewer = { uid: '', admin: false };

export async function loadCommunityHead(db: Kysely<Database>, query: CommunityQuery): Promise<Omit<CommunityHead, 'guest' | 'reader'>> {
  const rows = await communityQuery(db, null, query).execute();
  return { page: communityPage(rows, query, null), seqs: rows.map((row) => Number(row.seq)) };
}

function samePermissions(a: StoryPermissions, b: StoryPermissions): boolean {
  return (Object.keys(a) as Array<keyof StoryPermissions>).every((key) => a[key] === b[key]);
}

const factsOf = (head: CommunityHead): StoryFacts[] => (head.facts ??= head.page.stories.map(shown));

export function readerAnswer(head: CommunityHead): EncodedJson<StoryPage> {
  const facts = factsOf(head);
  head.reader ??= encodeJson({
    ...head.page,
    stories: head.page.stories.map((story, i) => ({ ...story, permissions: storyPolicy.permissions(SOME_READER, facts[i]!) })),
  });
  return head.reader;
}

/**
 * Whether the shared page is exactly this signed-in viewer's page: the policy gives them the
 * same permissions on each of its stories as any reader (not so for their own), and none of
 * its rows is hidden from them by a block or a mute (readableBy, the rule every list applies).
 * A signed-in reader sees a public story a guest does not only when they are or follow a
 * limited writer (shelfFacts), so nothing else could change their page. A reader who hides
 * content warnings sees fewer: the page is theirs only when none of its stories carries one.
 */
export async function isReadersPage(db: Kysely<Database>, head: CommunityHead, viewer: SignedInViewer, known: ShelfFacts | null = null): Promise<boolean> {
  const settled = isReadersPageFromMemory(head, viewer, known);
  if (settled !== null) return settled;
  // Most readers block, mute and follow no limited writer: five index probes settle it without a look at each row.
  // Usually read already, with the reader's users row (isSharedCommunityPage).
  const facts = known ?? (await shelfFacts(db, viewer.uid, new Date().toISOString()));
  // A limited writer and their followers see the writer's stories, which the guest's page leaves out.
  if (facts.seesLimited) return false;
  if (!facts.blocksOrMutes) return true;
  // The seqs are the page's own integers, written into the SQL: its text is the same for every
  // viewer of this page (one prepared statement), and only the viewer's facts are parameters.
  head.seqList ??= seqListOf(head.seqs);
  return (await unreadableSeqs(db, head.seqList, viewer, COMMUNITY_SCOPE)).length === 0;
}

/**
 * isReadersPage from what is in memory: true or false when the page and the reader's shelf
 * facts (if known) settle it, null when the database must be asked.
 */
export function isReadersPageFromMemory(head: CommunityHead, viewer: SignedInViewer, facts: ShelfFacts | null): boolean | null {
  const stories = factsOf(head);
  head.readerPermissions ??= stories.map((story) => storyPolicy.permissions(SOME_READER, story));
  const reader = head.readerPermissions;
  if (!stories.every((story, i) => samePermissions(storyPolicy.permissions(viewer, story), reader[i]!))) return false;
  // A reader who hides content warnings carried by a story on the page has a page of their own.
  if (viewer.hiddenWarnings && (head.warnings ??= head.page.stories.map((story) => warningMask(story.contentWarnings))).some((mask) => (mask & viewer.hiddenWarnings!) !== 0)) return false;
  if (head.seqs.length === 0) return true;
  if (facts === null) return null;
  if (facts.seesLimited) return false;
  return facts.blocksOrMutes ? null : true;
}

export class CommunityHeadCache {
  #head: { value: CommunityHead; until: number } | null = null;
  #filling: Promise<CommunityHead> | null = null;
  /** Bumped by every invalidation: a page read before one is not kept. */
  #generation = 0;

  constructor(
    private readonly ttlMs = GUEST_PAGE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached page, or `load`'s; concurrent misses share one load. */
  async get(load: () => Promise<Omit<CommunityHead, 'guest' | 'reader'>>): Promise<CommunityHead> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    if (this.#filling) return this.#filling;
    const generation = this.#generation;
    const filling = load().then((loaded) => {
      const value: CommunityHead = { ...loaded, guest: encodeJson(loaded.page), reader: null };
      if (generation === this.#generation) this.#head = { value, until: this.now() + this.ttlMs };
      return value;
    });
    this.#filling = filling;
    try {
      return await filling;
    } finally {
      if (this.#filling === filling) this.#filling = null;
    }
  }

  /** The page while it is kept, without loading one. */
  fresh(): CommunityHead | null {
    return this.#head && this.#head.until > this.now() ? this.#head.value : null;
  }

  invalidate(): void {
    this.#generation++;
    this.#head = null;
    // A load already under way may have read the old rows: later requests start a new one.
    this.#filling = null;
  }
}

const caches = new WeakMap<ServerContext, CommunityHeadCache>();

/** This instance's shared first page; counts changing on any instance (the bus) drop it. */
export function communityHeadCache(ctx: ServerContext): CommunityHeadCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new CommunityHeadCache();
    ctx.bus.subscribe([PUBLIC_STORIES_TOPIC], () => created.invalidate());
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/**
 * The guest's shared page, answered ahead of the app (http/early-answers.ts): a GET of the
 * page with no cookie at all (so no session: a guest) that takes gzip, while the page is kept.
 * The app's chain would add only its fixed headers to that answer (`chainHeaders`, found once,
 * at start); every other request, and this one when the page is not kept, goes to the app.
 */
export function guestPageAnswer(ctx: ServerContext, chainHeaders: Promise<Record<string, string>>): EarlyAnswerer {
  const cache = communityHeadCache(ctx);
  let headers: Readonly<Record<string, string>> | null = null;
  void chainHeaders.then((chain) => (headers = { ...chain, ...GZIP_JSON_HEADERS }));
  const route = storyContracts.community.path;
  return (req) => {
    if (headers === null || req.method !== 'GET' || req.url !== route || req.headers.cookie !== undefined) return null;
    const body = cache.fresh()?.guest.gzip;
    if (!body || !prefersGzip(req.headers['accept-encoding'])) return null;
    return { headers, body, route };
  };
}

/**
 * The same page for a signed-in reader, ahead of the app: a GET of the page that takes gzip,
 * while it is kept, from a reader whose session and users row (with shelf facts) this instance
 * holds from the last second (auth/session.ts keptSignedInReader) and whom nothing sets apart
 * (isReadersPageFromMemory). The app's chain adds the same fixed headers to a signed-in
 * reader's answer as to a guest's (no cookie is refreshed on a trusted session). A deactivated
 * account, one awaiting approval, and any reader the memory cannot settle go to the app.
 */
export function readerPageAnswer(ctx: ServerContext, chainHeaders: Promise<Record<string, string>>): EarlyAnswerer {
  const cache = communityHeadCache(ctx);
  const reader = keptSignedInReader(ctx);
  let headers: Readonly<Record<string, string>> | null = null;
  void chainHeaders.then((chain) => (headers = { ...chain, ...GZIP_JSON_HEADERS }));
  const route = storyContracts.community.path;
  return (req) => {
    const cookie = req.headers.cookie;
    if (headers === null || req.method !== 'GET' || req.url !== route || cookie === undefined) return null;
    const head = cache.fresh();
    if (!head || !prefersGzip(req.headers['accept-encoding'])) return null;
    const kept = reader(cookie, true);
    if (!kept || kept.user.deactivatedAt || kept.user.awaitingApproval) return null;
    if (isReadersPageFromMemory(head, viewerOf(kept.user), kept.shelf) !== true) return null;
    const body = readerAnswer(head).gzip;
    return body ? { headers, body, route } : null;
  };
}
