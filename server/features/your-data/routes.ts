import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_MAX_BYTES, IMPORT_MAX_FILES, IMPORT_TEXTS, YOUR_DATA_TEXTS, type ImportReport } from '@common/your-data/your-data';
import { YOUR_DATA_BASE, yourDataContracts } from '@common/your-data/contract';
import type { AppEnv, ServerContext, SignedInEnv } from '../../context';
import { requireUser } from '../../auth/session';
import { contractRoutes } from '../../http/contract-routes';
import { AppError, badRequest, errorResponse, forbidden, tooManyRequests } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { logUserOf, recordActivity } from '../../shared/audit-log';
import { claimExport, exportZip, readExportStatus, releaseExport } from './export';
import { importStories, type Upload } from './import';
import { exportFileName } from './names';

/** The multipart envelope around the files (boundaries, part headers). */
const ENVELOPE_BYTES = 64 * 1024;
const uploadTooLarge = () => new AppError(413, 'payload_too_large', IMPORT_TEXTS.uploadTooLarge);

/** The files of the multipart field `files`, refused as a whole past IMPORT_MAX_BYTES. */
async function readUploads(c: Context<SignedInEnv>): Promise<Upload[]> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(415, 'unsupported_media_type', 'Please send the files as multipart/form-data, in a field named files.');
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw badRequest('The upload could not be read. Please try again.', 'invalid_upload');
  }
  const files = form.getAll('files').filter((f): f is File => f instanceof File);
  if (files.length === 0) throw badRequest(IMPORT_TEXTS.noFiles, 'validation_failed');
  // More files than could ever be imported is not an honest upload: refused before reading them.
  if (files.length > IMPORT_MAX_FILES) throw badRequest(IMPORT_TEXTS.tooMany, 'validation_failed');
  if (files.reduce((sum, f) => sum + f.size, 0) > IMPORT_MAX_BYTES) throw uploadTooLarge();
  return Promise.all(files.map(async (f) => ({ name: f.name.slice(0, 255) || 'untitled', bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/**
 * GET /api/export (may I download now?), GET /api/export/download (the zip, one a day) and
 * POST /api/import. A deactivated account may export (the deletion email links here); the
 * session layer lets /api/export* through for it. The status has a contract
 * (common/your-data/contract.ts); the zip and the upload are not JSON and stay plain routes.
 */
export function yourDataRoutes(ctx: ServerContext) {
  // Mounted at /api beside other routers: each route says `requireUser` itself (never app.use('*')).
  const app = new Hono<AppEnv>();

  const routes = contractRoutes(app, YOUR_DATA_BASE);

  routes.signedIn(yourDataContracts.exportStatus, [], async (_request, c) => readExportStatus(ctx, c.var.user.uid));

  // A zip streamed to the browser, not JSON: a plain route the Download link fetches.
  app.get('/export/download', requireUser, async (c) => {
    const { uid, name, displayName } = c.var.user;
    const now = new Date();
    const headers = {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${exportFileName(name || displayName || '', now)}"`,
      'x-content-type-options': 'nosniff',
    };
    // Hono answers HEAD with the GET route: a look at the headers must not use up the day.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    // A link on another site cannot spend the person's export (the cookie rides on top-level
    // navigations): browsers say where a request comes from; other clients send nothing.
    const site = c.req.header('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') throw forbidden('Please start the download from Settings.');
    if (!(await claimExport(ctx, uid, now))) {
      const { nextExportAt } = await readExportStatus(ctx, uid, now);
      const wait = nextExportAt ? Date.parse(nextExportAt) - now.getTime() : 0;
      c.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      throw tooManyRequests(YOUR_DATA_TEXTS.exportTooSoon);
    }
    const actor = actorOf(c);
    await recordActivity(ctx.db, ctx.logger, {
      type: 'data_exported',
      action: 'export',
      user: logUserOf(actor.user),
      resource: `users/${uid}`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    const stream = exportZip(ctx, c.var.viewer, now, (err) => {
      ctx.logger.error({ err, uid }, 'export failed while streaming');
      void releaseExport(ctx, uid, now).catch((releaseErr: unknown) => ctx.logger.error({ err: releaseErr, uid }, 'could not release a failed export'));
    });
    return c.body(stream, 200, headers);
  });

  // A multipart upload, not a JSON body: a plain route.
  app.post(
    '/import',
    requireUser,
    // Counted before the body is read, so a burst of uploads is refused without parsing them.
    rateLimit(ctx, 'imports'),
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES + ENVELOPE_BYTES,
      onError: (c) => {
        // The unread body is still on the socket; the connection cannot be reused.
        c.header('connection', 'close');
        return errorResponse(c, 413, 'payload_too_large', IMPORT_TEXTS.uploadTooLarge);
      },
    }),
    async (c) => c.json((await importStories(ctx, actorOf(c), await readUploads(c))) satisfies ImportReport),
  );

  return app;
}
