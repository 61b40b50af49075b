import type { TestClient } from './client';

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
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
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const msg: SseMessage = { id: null, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) msg.id = line.slice(3).trim();
            else if (line.startsWith('event:')) msg.event = line.slice(6).trim();
            else if (line.startsWith('data:')) {
              msg.data += (hasData ? '\n' : '') + line.slice(5).trimStart();
              hasData = true;
            }
          }
          if (hasData) received.push(msg);
          waiters.splice(0).forEach((w) => w());
        }
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
