import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PROFILE_IMAGE_MAX_BYTES } from '@common/profile/profile';
import type { MeResponse } from '@common/me/user';
import type { AppEnv, ServerContext } from '../../context';
import type { StoredObject } from '../../storage';
import { requireUser } from '../../auth/session';
import { AppError, badRequest, errorResponse, notFound } from '../../http/errors';
import { idParam } from '../../http/params';
import { rateLimit } from '../../http/rate-limit';
import { actorOf } from '../../shared/actor';
import { imageErrors } from './image';
import { imageVersion, readProfileImage, removeProfileImage, uploadProfileImage } from './service';

/** The one API path whose body may exceed the JSON limit (app.ts lets it through). */
export const PROFILE_IMAGE_UPLOAD_PATH = '/api/me/profile-image';
/** A 5 MB image plus the multipart envelope around it. */
const UPLOAD_BODY_LIMIT = PROFILE_IMAGE_MAX_BYTES + 1024 * 1024;

export function isProfileImageUpload(c: Context): boolean {
  return c.req.method === 'POST' && c.req.path === PROFILE_IMAGE_UPLOAD_PATH;
}

/** The bytes of the multipart field `file`. */
async function readUploadedFile(c: Context): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError(415, 'unsupported_media_type', 'Please send the image as multipart/form-data, in a field named file.');
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw badRequest('The upload could not be read. Please try again.', 'invalid_upload');
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw badRequest('Please choose an image to upload.', 'validation_failed');
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw imageErrors.tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

/** /api/me/profile-image: upload (multipart field `file`) or remove the writer's own image. */
export function profileImageRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.post(
    '/profile-image',
    requireUser,
    rateLimit(ctx, 'uploads'),
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: (c) => {
        c.header('connection', 'close');
        const { status, code, message } = imageErrors.tooLarge();
        return errorResponse(c, status, code, message);
      },
    }),
    async (c) => {
      const bytes = await readUploadedFile(c);
      return c.json({ user: await uploadProfileImage(ctx, actorOf(c), bytes) } satisfies MeResponse);
    },
  );

  app.delete('/profile-image', requireUser, async (c) => c.json({ user: await removeProfileImage(ctx, actorOf(c)) } satisfies MeResponse));

  return app;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A stored image as its GET route answers it. With the current `?v=` it may be cached for a
 * year (a new image gets a new URL); without it, or with an old one, it is revalidated.
 */
export function storedImageResponse(c: Context, image: StoredObject | null): Response {
  if (!image) throw notFound('Image not found');
  const version = imageVersion(image.bytes);
  const headers = {
    'cache-control': c.req.query('v') === version ? IMMUTABLE : 'no-cache',
    etag: `"${version}"`,
    'x-content-type-options': 'nosniff',
  };
  if (c.req.header('if-none-match') === headers.etag) return c.body(null, 304, headers);
  const contentType = image.contentType.startsWith('image/') ? image.contentType : 'application/octet-stream';
  return c.body(image.bytes, 200, { ...headers, 'content-type': contentType });
}

/** /api/images/profile/:uid: the stored profile image. */
export function imageRoutes(ctx: ServerContext) {
  const app = new Hono<AppEnv>();

  app.get('/profile/:uid', async (c) => {
    const uid = idParam(c, 'uid', 'Image not found', 'user');
    return storedImageResponse(c, await readProfileImage(ctx, uid));
  });

  return app;
}
