import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_STALLED_BEATS, MAX_UNSENT_BYTES, SseConnection } from './connection';
import { OpenStreams } from './streams';

/** The part of Node's ServerResponse the connection uses, with a socket that reads nothing while `stalled`. */
class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  stalled = false;
  destroyed = false;
  writableEnded = false;
  get writableNeedDrain() {
    return this.stalled && this.writableLength > 0;
  }
  write(text: string): boolean {
    this.written.push(text);
    if (this.stalled) this.writableLength += Buffer.byteLength(text);
    return !this.stalled;
  }
  /** The client catches up. */
  drain(): void {
    this.stalled = false;
    this.writableLength = 0;
    this.emit('drain');
  }
  end(): void {
    this.writableEnded = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

const event = (id: number, payload = '{}') => ({ id, topic: 'user:ada', type: 'user.updated', payload });
const open = () => {
  const res = new FakeResponse();
  return { res, out: new SseConnection(res as unknown as ServerResponse) };
};

describe('SseConnection', () => {
  it('writes each event once, in SSE form, and holds live events until the replay is released', () => {
    const { res, out } = open();
    out.deliver(event(2));
    expect(res.written).toEqual([]);
    out.event(event(1), false);
    out.release();
    out.deliver(event(2));
    out.deliver(event(3, '{"a":"x\\ny"}'));
    expect(res.written).toEqual(['id: 1\nevent: user.updated\ndata: {}\n\n', 'id: 2\nevent: user.updated\ndata: {}\n\n', 'id: 3\nevent: user.updated\ndata: {"a":"x\\ny"}\n\n']);
  });

  it('drops a live client that falls more than MAX_UNSENT_BYTES behind, and never grows past it', () => {
    const { res, out } = open();
    out.release();
    res.stalled = true;
    const big = JSON.stringify({ text: 'x'.repeat(4000) });
    let id = 0;
    while (!res.destroyed && id < 10_000) out.deliver(event(++id, big));
    expect(res.destroyed).toBe(true);
    expect(res.writableLength).toBeLessThanOrEqual(MAX_UNSENT_BYTES + big.length + 100);
    const writes = res.written.length;
    out.deliver(event(++id));
    expect(res.written).toHaveLength(writes);
  });

  it('lets the replay run past the bound, pacing itself on drain', async () => {
    const { res, out } = open();
    res.stalled = true;
    const big = JSON.stringify({ text: 'x'.repeat(4000) });
    for (let id = 1; id <= 100; id++) out.event(event(id, big), false);
    expect(res.writableLength).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(res.destroyed).toBe(false);
    let drained = false;
    const waiting = out.drained().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    res.drain();
    await waiting;
    expect(drained).toBe(true);
  });

  it(`drops a client whose socket has not drained for ${MAX_STALLED_BEATS} heartbeats in a row`, () => {
    const { res, out } = open();
    out.release();
    out.beat();
    expect(res.written).toEqual([': keep-alive\n\n']);
    res.stalled = true;
    out.deliver(event(1));
    out.beat();
    expect(res.destroyed).toBe(false);
    res.drain();
    res.stalled = true;
    out.deliver(event(2));
    out.beat();
    expect(res.destroyed).toBe(false);
    out.beat();
    expect(res.destroyed).toBe(true);
  });
});

describe('the shared heartbeat', () => {
  it('reaches every open stream from one timer, which stops with the last stream', () => {
    const streams = new OpenStreams();
    const a = open();
    const b = open();
    streams.beatFor(a.out);
    streams.beatFor(b.out);
    streams.beatAll();
    expect([a.res.written, b.res.written]).toEqual([[': keep-alive\n\n'], [': keep-alive\n\n']]);
    streams.stopBeating(a.out);
    streams.beatAll();
    expect(a.res.written).toHaveLength(1);
    expect(b.res.written).toHaveLength(2);
    streams.stopBeating(b.out);
    expect((streams as unknown as { heartbeat: unknown }).heartbeat).toBeNull();
  });
});
