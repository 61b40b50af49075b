import type { IncomingMessage, RequestListener } from 'node:http';

/**
 * Answers given at the node:http level, before a request becomes a Fetch `Request` for Hono
 * (docs/decisions/0050-answers-ahead-of-the-app.md). Only answers kept whole in memory that
 * need nothing of the app's chain but its fixed headers belong here: the shared community
 * page, for a guest and for a signed-in reader held in memory (stories/community-page.ts).
 */
export interface EarlyAnswer {
  /** Every header the app's chain would have sent with it; the length is added here. */
  headers: Readonly<Record<string, string>>;
  body: Uint8Array;
  /** The route label metrics count it under, as the app would (metrics/http.ts). */
  route: string;
}

/** The early answer to this request, or null to let the app answer it. */
export type EarlyAnswerer = (req: IncomingMessage) => EarlyAnswer | null;

export interface EarlyAnswerOptions {
  /** True once shutdown has begun: the answer closes its connection, as the app's would (app.ts). */
  draining?: () => boolean;
  /** Called once per early answer, when it has been handed to the socket (metrics, when on). */
  answered?: (answer: EarlyAnswer, method: string, startedAt: number) => void;
}

/** The first early answer any of these gives. */
export function firstEarlyAnswer(...answerers: EarlyAnswerer[]): EarlyAnswerer {
  return (req) => {
    for (const answerer of answerers) {
      const answer = answerer(req);
      if (answer) return answer;
    }
    return null;
  };
}

/** The app's request listener with early answers in front of it. */
export function answeringEarly(early: EarlyAnswerer, app: RequestListener, options: EarlyAnswerOptions = {}): RequestListener {
  return (req, res) => {
    const answer = early(req);
    if (!answer) {
      app(req, res);
      return;
    }
    const startedAt = performance.now();
    const headers: Record<string, string> = { ...answer.headers, 'content-length': String(answer.body.byteLength) };
    if (options.draining?.()) headers.connection = 'close';
    res.writeHead(200, headers);
    res.end(answer.body);
    options.answered?.(answer, req.method ?? 'GET', startedAt);
  };
}
