import http from 'node:http';
import { createSmtpReceiver, listenSmtp, type ReceivedMail } from '../../server/test/smtp';
import { E2E } from './env';

/**
 * The mailbox the browser tests read: an SMTP server the app sends to (SMTP_URL), and an
 * HTTP side for the tests (support/mail.ts), since Playwright workers cannot share memory
 * with a web server. Run by playwright.config.ts as `tsx e2e/support/mailbox-server.ts`.
 *
 *   GET /messages?to=<email>  every message delivered to that address (any case), oldest first
 *   GET /messages             every message
 *   GET /health               200 once both sides listen
 */

const received: ReceivedMail[] = [];
const smtp = createSmtpReceiver((mail) => received.push(mail));

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const web = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', E2E.mailboxUrl);
  if (req.method !== 'GET') return json(res, 405, { error: 'only GET' });
  if (url.pathname === '/health') return json(res, 200, { ok: true });
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return json(res, 200, to === undefined ? received : received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)));
  }
  return json(res, 404, { error: 'not found' });
});

await listenSmtp(smtp, E2E.smtpPort);
await new Promise<void>((resolve) => web.listen(E2E.mailboxPort, '127.0.0.1', resolve));

process.on('SIGTERM', () => {
  web.close();
  smtp.close(() => process.exit(0));
});
