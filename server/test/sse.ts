import type { TestClient } from './client';

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** One block of an event stream as the SSE format defines it; `data` is null when the block had no data line. */
export interface SseBlock {
  id: string | null;
  event: string;
  data: string | null;
  retry: number | null;
}

/** Splits an event stream into its blocks as they arrive; ends with the stream (or throws when it is aborted). */
export async function* sseBlocks(body: ReadableStream<Uint8Array>): AsyncGenerator<SseBlock> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let split: number;
    while ((split = buffer.indexOf('\n\n')) !== -1) {
      const lines = buffer.slice(0, split).split('\n');
      buffer = buffer.slice(split + 2);
      const block: SseBlock = { id: null, event: 'message', data: null, retry: null };
      for (const line of lines) {
        if (line.startsWith('id:')) block.id = line.slice(3).trim();
        else if (line.startsWith('event:')) block.event = line.slice(6).trim();
        else if (line.startsWith('retry:')) block.retry = Number(line.slice(6).trim()) || null;
        else if (line.startsWith('data:')) block.data = (block.data === null ? '' : `${block.data}\n`) + line.slice(5).trimStart();
      }
      yield block;
    }
  }
}

/** Reads a Server-Sent Events response the way EventSource would, for tests. */
export async function openEventStream(client: TestClient, lastEventId?: string, query: Record<string, string> = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', cookie: client.cookieHeader };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  // `query`: e.g. { watch: 'story:<id>', since: '<id>' }, what a tab's EventSource sends.
  const url = new URL('/api/events', client.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const res = await fetch(url, { headers, signal: controller.signal });
  const received: SseMessage[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;

  const pump = async () => {
    if (!res.body) return;
    try {
      for await (const block of sseBlocks(res.body)) {
        if (block.data === null) continue;
        received.push({ id: block.id, event: block.event, data: block.data });
        waiters.splice(0).forEach((w) => w());
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      waiters.splice(0).forEach((w) => w());
    }
  };
  void pump();

  return {
    status: res.status,
    received,
    get ended() {
      return ended;
    },
    /** Resolves with the first message of this type not yet taken, or fails after `timeoutMs`. */
    async next(event: string, timeoutMs = 5000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((m) => m.event === event);
        if (index !== -1) return received.splice(index, 1)[0]!;
        if (ended) throw new Error(`stream ended before a "${event}" event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${event}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** Resolves when the server ends the stream. */
    async waitForEnd(timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (!ended) throw new Error('stream still open');
    },
    close: () => controller.abort(),
  };
}
