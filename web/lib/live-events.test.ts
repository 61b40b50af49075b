import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@common/me/user';
import { ME_QUERY_KEY, setCurrentUserData } from './auth';
import { handleLiveEvent, liveEventHandlers, reopenDelay, resumePoint } from './live-events';
import { notificationKeys } from './query-keys';
import { swapsSession } from './session-swap';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const message = (data: unknown) => new MessageEvent('message', { data: JSON.stringify(data) });

const user: UserRecord = {
  uid: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  handle: 'ada',
  first: 'Ada',
  last: '',
  created_at: '2024-01-01T00:00:00.000Z',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastActive: '2024-01-01T00:00:00.000Z',
  profileIcon: 'User',
  colorTheme: 'teal',
  themeMode: null,
  admin: false,
  emailVerified: true,
  profileImage: null,
  displayName: 'Ada',
  streak: 0,
  bestStreak: 0,
  streakFreezes: 0,
  dailyGoal: 500,
  aboutMe: '',
  pronouns: '',
  bio: '',
  location: '',
  website: '',
  bluesky: '',
  xcom: '',
  reddit: '',
  favorites: [],
  deactivatedAt: null,
  deleteAfter: null,
  limited: false,
  tutorialSeenAt: null,
  awaitingApproval: false,
  readingPreferences: { hiddenWarnings: [], alwaysShowText: false },
};

describe('reopening a stream the server refused', () => {
  it('waits 2 s, doubling after each refusal in a row, up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reopenDelay)).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe('live events in the browser', () => {
  it('refetches every query on reset', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    handleLiveEvent('reset', liveEventHandlers(queryClient, 'u1'), message({}));
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('puts the pushed record in the cache, only for the signed-in user', () => {
    const queryClient = new QueryClient();
    const handlers = liveEventHandlers(queryClient, 'u1');
    handleLiveEvent('user.updated', handlers, message({ user: { ...user, uid: 'someone-else' } }));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
    handleLiveEvent('user.updated', handlers, message({ user }));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual({ user });
  });

  it('in development, ignores a payload that does not match the catalogue', () => {
    const queryClient = new QueryClient();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    handleLiveEvent('user.updated', liveEventHandlers(queryClient, 'u1'), message({ user: { uid: 'u1' } }));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
    expect(error).toHaveBeenCalled();
  });

  it('in production, passes any JSON object on unchecked and ignores anything else (docs/decisions/0049)', () => {
    vi.stubEnv('DEV', false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    const handlers = { 'bell.changed': (data: unknown) => seen.push(data) };
    handleLiveEvent('bell.changed', handlers, message({ unread: 4 }));
    // Not the catalogue's shape: development would refuse it, production does not check.
    handleLiveEvent('bell.changed', handlers, message({ unread: 'many' }));
    handleLiveEvent('bell.changed', handlers, message(4));
    handleLiveEvent('bell.changed', handlers, message([1]));
    handleLiveEvent('bell.changed', handlers, message(null));
    handleLiveEvent('bell.changed', handlers, new MessageEvent('message', { data: '{not json' }));
    expect(seen).toEqual([{ unread: 4 }, { unread: 'many' }]);
    expect(error).toHaveBeenCalledTimes(4);
  });
});

describe('a count pushed while the same count is being fetched', () => {
  it('keeps the pushed count when a fetch begun before the event answers after it with the older one', async () => {
    const queryClient = new QueryClient();
    const answers: Array<(value: { unread: number }) => void> = [];
    const queryFn = () => new Promise<{ unread: number }>((resolve) => answers.push(resolve));
    queryClient.setQueryData(notificationKeys.unread, { unread: 0 });
    const before = queryClient.fetchQuery({ queryKey: notificationKeys.unread, queryFn, staleTime: 0 });
    handleLiveEvent('bell.changed', liveEventHandlers(queryClient, 'u1'), message({ unread: 1 }));
    expect(queryClient.getQueryData(notificationKeys.unread)).toEqual({ unread: 1 });
    // The fetch that left before the comment was written answers now, with the count before it.
    answers[0]!({ unread: 0 });
    void before.catch(() => undefined);
    // Asked again after the event, the server counts the comment.
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!({ unread: 1 });
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData(notificationKeys.unread)).toEqual({ unread: 1 });
  });
});

describe('a session ended while this tab swaps its own (two-factor on or off)', () => {
  it('asks whether the tab is signed in only once the swap has answered with its new cookie', async () => {
    const queryClient = new QueryClient();
    setCurrentUserData(queryClient, { user });
    const fetchMe = vi.spyOn(queryClient, 'fetchQuery').mockResolvedValue({ user });
    let answer!: () => void;
    const swap = swapsSession(new Promise<void>((resolve) => (answer = resolve)));
    handleLiveEvent('session.ended', liveEventHandlers(queryClient, 'u1'), message({ reason: 'signed_out' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMe).not.toHaveBeenCalled();
    answer();
    await swap;
    await vi.waitFor(() => expect(fetchMe).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual({ user });
  });

  it('signs the tab out when, with no swap in flight, its cookie no longer signs it in', async () => {
    const queryClient = new QueryClient();
    setCurrentUserData(queryClient, { user });
    vi.spyOn(queryClient, 'fetchQuery').mockRejectedValue(new Error('401'));
    handleLiveEvent('session.ended', liveEventHandlers(queryClient, 'u1'), message({ reason: 'signed_out' }));
    await vi.waitFor(() => expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull());
  });
});

describe('where a stream resumes', () => {
  it('starts the first stream at /api/me’s position, and a reopened one there too until an event arrives', () => {
    const first = resumePoint(null, 'u1', false, '41');
    expect(first).toEqual({ since: '41', position: { userId: 'u1', id: '41' } });
    // Reopened for another screen before anything arrived: still from 41, not from "now".
    expect(resumePoint(first.position, 'u1', true, '41').since).toBe('41');
    // Once event 45 arrived, from there.
    expect(resumePoint({ userId: 'u1', id: '45' }, 'u1', true, '41').since).toBe('45');
  });

  it('never resumes one user’s stream from another’s position, nor from an old /api/me position twice', () => {
    expect(resumePoint({ userId: 'u1', id: '45' }, 'u2', false, '50')).toEqual({ since: '50', position: { userId: 'u2', id: '50' } });
    expect(resumePoint(null, 'u1', true, '41')).toEqual({ since: null, position: null });
    expect(resumePoint(null, 'u1', false, null)).toEqual({ since: null, position: null });
  });
});
