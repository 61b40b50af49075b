import { expect } from 'vitest';
import { contestPageSchema, type ContestPage, type ContestWindows } from '@common/contests/contests';
import { windowsFor } from './test-support-windows';

export { windowsFor };

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
import type { Story, StoryCreateInput } from '@common/stories/story';
import { postStory } from '../stories/test-support';
import { randomText } from '../stories/test-support-builders';
import type { SignedUp, TestServer } from '../../test/server';
import { revealDueContests } from '.';

/** Test helpers for the contest API tests. */

/** An admin's new contest, open for entries now unless told otherwise. */
export async function newContest(admin: SignedUp, windows: ContestWindows = windowsFor('entry'), prompt = 'A door that was not there yesterday'): Promise<string> {
  const res = await admin.client.post<{ id: string }>('/api/admin/contests', { prompt, ...windows });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Moves a contest's windows (the test's clock moving on): straight in the database. */
export async function moveContest(server: TestServer, id: string, windows: ContestWindows): Promise<void> {
  await server.ctx.db.updateTable('contests').set(windows).where('id', '=', id).execute();
}

/** What the `contest-reveal` job does on its next tick, done now: the contests whose voting closed are revealed. */
export async function revealClosedContests(server: TestServer): Promise<void> {
  await revealDueContests(server.ctx, new Date());
}

/** Makes an account this many days old (the 7-day rule). */
export async function ageAccount(server: TestServer, who: { uid: string }, days = 8): Promise<void> {
  await server.ctx.db.updateTable('users').set({ created_at: iso(Date.now() - days * 24 * HOUR) }).where('uid', '=', who.uid).execute();
}

/** A perfect drabble (exactly 100 words), private unless told otherwise; `contestId`: written for that contest (the editor's "Enter this week's contest"). */
export function postDrabble(
  who: SignedUp,
  overrides: { title?: string; public?: boolean; words?: number } & Pick<StoryCreateInput, 'contestId' | 'contentWarnings' | 'contentWarningNote'> = {},
): Promise<Story> {
  const { title, words, public: isPublic, ...rest } = overrides;
  return postStory(who.client, { title: title ?? `Entry ${Math.random().toString(36).slice(2, 8)}`, content: randomText(words ?? 100), public: isPublic ?? false, ...rest });
}

export async function enter(who: SignedUp, contestId: string, storyId: string): Promise<ContestPage> {
  const res = await who.client.send<ContestPage>('PUT', `/api/contests/${contestId}/entry`, { storyId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contestPageSchema.parse(res.body);
}

export async function readContest(who: { client: SignedUp['client'] }, contestId: string): Promise<ContestPage> {
  const res = await who.client.get<ContestPage>(`/api/contests/${contestId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contestPageSchema.parse(res.body);
}
