import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

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
  /**
   * Whether what is kept in memory may be used: true once this instance has heard of every
   * change committed before the request arrived (EventBus.caughtUp). Asked only for a request
   * that has an early answer; the answer is then looked up again, since catching up may have
   * dropped it. Without it, kept answers are given as they are.
   */
  caughtUp?: () => boolean | Promise<boolean>;
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
  const send = (req: IncomingMessage, res: ServerResponse, answer: EarlyAnswer | null) => {
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
  const caughtUp = options.caughtUp;
  return (req, res) => {
    const answer = early(req);
    if (!answer || !caughtUp) return send(req, res, answer);
    const sure = caughtUp();
    if (sure === true) return send(req, res, answer);
    if (sure === false) return send(req, res, null);
    // A request whose answer could not be looked up goes to the app, which says what went wrong.
    sure.then(
      (ok) => send(req, res, ok ? early(req) : null),
      () => send(req, res, null),
    );
  };
}
