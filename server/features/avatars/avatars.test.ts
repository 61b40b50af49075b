import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '@common/me/user';
import { testDialects } from '../../test/databases';
import { openEventStream } from '../../test/sse';
import { useTestServer } from '../../test/api-fixture';
import { signUp, type SignedUp } from '../../test/server';
import type { TestClient } from '../../test/client';
import { StorageError, type ObjectStorage } from '../../storage';
import { LIMITS } from '../../http/limits';
import { limitKey } from '../../http/rate-limit';
import { postStory } from '../stories/test-support';
import { nextUserUpdate } from '../profile/test-support';
import { corruptPng, jpegWithGps, pngClaiming, pngOf } from '../../test/images';

interface Answer {
  status: number;
  body: { user?: UserRecord; error?: { code: string; message: string } };
  headers: Headers;
}

/** Posts a file as the browser's form would: multipart/form-data, field `file`. */
async function upload(client: TestClient, bytes: Uint8Array, name = 'avatar.png', type = 'image/png', headers: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(new URL('/api/me/profile-image', client.baseUrl), {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: client.baseUrl, ...headers },
  });
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

describe.each(testDialects())('profile images on %s', (dialect) => {
  const api = useTestServer(dialect);

  const storedFile = (uid: string) => path.join(api.server.database.dataDir, 'uploads', 'profileImages', uid);
  const profileImageOf = async (uid: string) =>
    (await api.server.ctx.db.selectFrom('users').select('profileImage').where('uid', '=', uid).executeTakeFirstOrThrow()).profileImage;

  async function expectRefused(who: SignedUp, answer: Answer, status: number, code: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.error?.code).toBe(code);
    expect(answer.body.error?.message.length).toBeGreaterThan(10);
    expect(await profileImageOf(who.uid)).toBeNull();
    expect(fs.existsSync(storedFile(who.uid))).toBe(false);
  }

  it('stores a PNG as a 512 px WebP at profileImages/{uid}, serves it cacheably and tells everyone', async () => {
    const writer = await signUp(api.server);
    const story = await postStory(writer.client, { public: true });
    const stream = await openEventStream(writer.client);
    let user: UserRecord;
    try {
      const res = await upload(writer.client, await pngOf(800, 600));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      user = res.body.user!;
      await nextUserUpdate(stream, (updated) => updated.profileImage === user.profileImage);
    } finally {
      stream.close();
    }
    expect(user.profileImage).toMatch(new RegExp(`^/api/images/profile/${writer.uid}\\?v=[A-Za-z0-9_-]{16}$`));
    expect(fs.existsSync(storedFile(writer.uid))).toBe(true);

    // Sent with the session cookie, as a browser does: a cacheable answer must carry no cookie back.
    const image = await fetch(new URL(user.profileImage!, api.server.url), { headers: { cookie: writer.client.cookieHeader } });
    expect(image.status).toBe(200);
    expect(image.headers.get('set-cookie')).toBeNull();
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = image.headers.get('etag')!;
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // Revalidation without a version, and a conditional request.
    const unversioned = await fetch(new URL(`/api/images/profile/${writer.uid}`, api.server.url));
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(new URL(user.profileImage!, api.server.url), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // Story cards show the new avatar; the upload is in the activity log.
    const card = await api.server.ctx.db.selectFrom('stories').select('authorProfileImage').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(card.authorProfileImage).toBe(user.profileImage);
    const log = await api.server.ctx.db.selectFrom('activityLogs').selectAll().where('userId', '=', writer.uid).where('type', '=', 'profile_image_uploaded').executeTakeFirstOrThrow();
    expect(JSON.parse(log.details!)).toMatchObject({ format: 'png', width: 800, height: 600 });
  });

  it('stores a JPEG without its EXIF and GPS data, and gives a new image a new URL', async () => {
    const writer = await signUp(api.server);
    const first = await upload(writer.client, await pngOf(64, 64, '#00aa00'));
    const second = await upload(writer.client, await jpegWithGps(), 'holiday.jpg', 'image/jpeg');
    expect(second.status).toBe(200);
    expect(second.body.user!.profileImage).not.toBe(first.body.user!.profileImage);
    const served = Buffer.from(await (await fetch(new URL(second.body.user!.profileImage!, api.server.url))).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes('SpyCam')).toBe(false);
    expect(served.includes('Secret Owner')).toBe(false);
    // The old URL still answers, but is not cached as if it were current.
    const old = await fetch(new URL(first.body.user!.profileImage!, api.server.url));
    expect(old.headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses a text file named .png and declared image/png, going by the bytes (415)', async () => {
    const writer = await signUp(api.server);
    await expectRefused(writer, await upload(writer.client, Buffer.from('I am not a picture'), 'avatar.png', 'image/png'), 415, 'unsupported_image');
  });

  it('refuses a file over 5 MB (413), and a body over the route limit before reading it', async () => {
    const writer = await signUp(api.server);
    const justOver = Buffer.alloc(5 * 1024 * 1024 + 1);
    (await pngOf(8, 8)).copy(justOver);
    await expectRefused(writer, await upload(writer.client, justOver), 413, 'payload_too_large');
    await expectRefused(writer, await upload(writer.client, Buffer.alloc(7 * 1024 * 1024)), 413, 'payload_too_large');
  });

  it('refuses a corrupt image (400) and one of more than 40 megapixels (422)', async () => {
    const writer = await signUp(api.server);
    await expectRefused(writer, await upload(writer.client, await corruptPng()), 400, 'invalid_image');
    await expectRefused(writer, await upload(writer.client, pngClaiming(8_000, 5_001)), 422, 'image_too_large');
  });

  it('refuses uploads that are not a multipart file with a clear 4xx, never a 500', async () => {
    const writer = await signUp(api.server);
    const json = await writer.client.post<Answer['body']>('/api/me/profile-image', { file: 'x' });
    expect(json.status).toBe(415);
    const noFile = new FormData();
    noFile.append('other', 'value');
    const missing = await fetch(new URL('/api/me/profile-image', api.server.url), { method: 'POST', body: noFile, headers: { cookie: writer.client.cookieHeader, origin: api.server.url } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Answer['body']).error?.message).toBe('Please choose an image to upload.');
    const broken = await writer.client.raw('POST', '/api/me/profile-image', {
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBe(400);
  });

  it('needs a signed-in writer from this site', async () => {
    const guest = api.server.client();
    expect((await upload(guest, await pngOf(8, 8))).status).toBe(401);
    expect((await guest.delete('/api/me/profile-image')).status).toBe(401);
    const writer = await signUp(api.server);
    expect((await upload(writer.client, await pngOf(8, 8), 'a.png', 'image/png', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('removes the image: object deleted, record and story cards cleared', async () => {
    const writer = await signUp(api.server);
    const story = await postStory(writer.client);
    const { body } = await upload(writer.client, await pngOf(100, 100));
    const url = body.user!.profileImage!;
    const res = await writer.client.delete<{ user: UserRecord }>('/api/me/profile-image');
    expect(res.status).toBe(200);
    expect(res.body.user.profileImage).toBeNull();
    expect(fs.existsSync(storedFile(writer.uid))).toBe(false);
    expect((await fetch(new URL(url, api.server.url))).status).toBe(404);
    const card = await api.server.ctx.db.selectFrom('stories').select('authorProfileImage').where('id', '=', story.id).executeTakeFirstOrThrow();
    expect(card.authorProfileImage).toBeNull();
    // Removing again is harmless.
    expect((await writer.client.delete('/api/me/profile-image')).status).toBe(200);
  });

  it('answers 503 (which the browser retries), not 500, when storage fails, and changes nothing', async () => {
    const writer = await signUp(api.server);
    const real = api.server.ctx.storage;
    const broken: ObjectStorage = {
      driver: 'local',
      put: () => Promise.reject(new StorageError('disk full')),
      get: () => Promise.reject(new StorageError('disk gone')),
      delete: () => Promise.reject(new StorageError('disk gone')),
    };
    api.server.ctx.storage = broken;
    try {
      const res = await upload(writer.client, await pngOf(32, 32));
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe('unavailable');
      expect((await writer.client.delete('/api/me/profile-image')).status).toBe(503);
      expect((await fetch(new URL(`/api/images/profile/${writer.uid}`, api.server.url))).status).toBe(503);
    } finally {
      api.server.ctx.storage = real;
    }
    expect(await profileImageOf(writer.uid)).toBeNull();
  });

  it('limits how often one writer can upload', async () => {
    const writer = await signUp(api.server);
    for (let i = 0; i < LIMITS.uploads.max; i++) await api.server.ctx.rateLimiter.hit(limitKey('uploads', { uid: writer.uid }), 60_000);
    const res = await upload(writer.client, await pngOf(8, 8));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 404 for a missing or malformed image id', async () => {
    expect((await fetch(new URL('/api/images/profile/nobody-here', api.server.url))).status).toBe(404);
    expect((await fetch(new URL('/api/images/profile/..%2F..%2Fauth-secret', api.server.url))).status).toBe(404);
  });

  it('keeps the JSON body limit on every other API path', async () => {
    const writer = await signUp(api.server);
    const res = await writer.client.send('PATCH', '/api/me/about', { aboutMe: 'x'.repeat(200 * 1024) });
    expect(res.status).toBe(413);
  });
});
