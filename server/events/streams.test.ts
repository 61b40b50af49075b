import { describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { signUp } from '../test/server';
import { openEventStream } from '../test/sse';
import { MAX_OPEN_STREAMS_PER_USER } from '../http/limits';
import { OpenStreams } from './streams';

/** A stream that records what was done to it. */
const recorder = (log: string[], name: string) => ({ end: () => log.push(name), signedOut: () => log.push(`${name} signed out`) });

describe('OpenStreams', () => {
  it('closes a user’s oldest stream when one more than the cap opens, and only theirs', () => {
    const streams = new OpenStreams(3);
    const closed: string[] = [];
    const forget = ['a1', 'a2', 'a3'].map((name) => streams.add('ada', 's1', recorder(closed, name)));
    streams.add('bob', 's2', recorder(closed, 'b1'));
    expect(closed).toEqual([]);
    streams.add('ada', 's1', recorder(closed, 'a4'));
    expect(closed).toEqual(['a1']);
    expect(streams.openFor('ada')).toBe(3);
    expect(streams.openFor('bob')).toBe(1);

    // A stream that ended on its own frees its place: the next one closes nothing.
    forget[1]!();
    streams.add('ada', 's1', recorder(closed, 'a5'));
    expect(closed).toEqual(['a1']);
    // Forgetting twice, or forgetting one already closed, changes nothing.
    forget[0]!();
    forget[1]!();
    expect(streams.size).toBe(4);

    streams.closeAll();
    expect(closed.sort()).toEqual(['a1', 'a3', 'a4', 'a5', 'b1']);
    expect(streams.size).toBe(0);
  });

  it('signs out the streams of ended sessions only, and lists the sessions it holds', () => {
    const streams = new OpenStreams(5);
    const log: string[] = [];
    streams.add('ada', 'phone', recorder(log, 'ada phone 1'));
    streams.add('ada', 'laptop', recorder(log, 'ada laptop'));
    streams.add('ada', 'phone', recorder(log, 'ada phone 2'));
    streams.add('bob', 'tablet', recorder(log, 'bob tablet'));
    expect([...streams.sessions()].sort()).toEqual([['laptop', 'ada'], ['phone', 'ada'], ['tablet', 'bob']]);

    // Another user's session named here is not ended by this user's announcement.
    streams.endSessions('ada', ['phone', 'tablet', 'unknown']);
    expect(log).toEqual(['ada phone 1 signed out', 'ada phone 2 signed out']);
    expect(streams.openFor('ada')).toBe(1);
    expect(streams.openFor('bob')).toBe(1);
    streams.endSessions('ada', ['laptop']);
    streams.endSessions('carol', ['tablet']);
    expect(log).toEqual(['ada phone 1 signed out', 'ada phone 2 signed out', 'ada laptop signed out']);
    expect(streams.openFor('ada')).toBe(0);
    expect(streams.size).toBe(1);
  });
});

describe.each(testDialects())('open live-event streams per user on %s', (dialect) => {
  const api = useTestServer(dialect);

  it(`keeps at most ${MAX_OPEN_STREAMS_PER_USER} open: opening one more closes the oldest`, async () => {
    const writer = await signUp(api.server);
    const other = await signUp(api.server);
    const theirs = await openEventStream(other.client);
    const opened = [];
    for (let i = 0; i < MAX_OPEN_STREAMS_PER_USER; i++) opened.push(await openEventStream(writer.client));
    expect(opened.every((s) => s.status === 200)).toBe(true);
    expect(api.server.streams.openFor(writer.uid)).toBe(MAX_OPEN_STREAMS_PER_USER);

    const newest = await openEventStream(writer.client);
    expect(newest.status).toBe(200);
    await opened[0]!.waitForEnd();
    expect(api.server.streams.openFor(writer.uid)).toBe(MAX_OPEN_STREAMS_PER_USER);
    expect(opened.slice(1).some((s) => s.ended)).toBe(false);
    expect(theirs.ended).toBe(false);
    expect(api.server.streams.openFor(other.uid)).toBe(1);

    // The streams still open keep receiving: the newest one sees the next change.
    await writer.client.patch('/api/me/preferences', { themeMode: 'dark-blue' });
    expect(JSON.parse((await newest.next('user.updated')).data).user).toMatchObject({ uid: writer.uid, themeMode: 'dark-blue' });

    [...opened, newest, theirs].forEach((s) => s.close());
  });
});
