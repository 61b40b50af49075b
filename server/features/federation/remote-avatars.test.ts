import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '@common/profile/profile';
import type { RemoteAccount } from '@common/federation/federation';
import { createTestDatabase, testDialects } from '../../test/databases';
import { restoreInto } from '../../test/backup';
import { signUpVerified, startTestServer, startTestServerOn, type SignedUp, type TestServer } from '../../test/server';
import { backupSourceOf, createBackup } from '../../ops/backup';
import { FEDERATING, eventually, handleOf } from './test-support';
import { pngOf } from '../../test/images';
import { sniffImageFormat } from '../avatars/image';
import { fetchRemoteImage, remoteAvatarKey } from './remote-avatars';

/**
 * A server of pictures on loopback, counting what is asked of it (path and query): good ones,
 * one past the upload size, an HTML page calling itself a PNG, one that never answers and one
 * that never ends.
 */
async function startPictureServer() {
  const hits = new Map<string, number>();
  const pictures = new Map<string, Buffer>([
    ['/red.png', await pngOf(600, 400, '#c0392b')],
    ['/blue.png', await pngOf(300, 300, '#2e86c1')],
  ]);
  const huge = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1);
  (await pngOf(8, 8)).copy(huge);
  const server = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const picture = pictures.get(path);
    if (picture) return res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length }).end(picture);
    if (path === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png', 'content-length': huge.length }).end(huge);
    if (path === '/page.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><html><body><script>alert(1)</script></body></html>');
    if (path === '/silent.png') return; // never answers
    if (path === '/endless.png') {
      // No length announced: the body just goes on, past the cap.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      return more();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type PictureServer = Awaited<ReturnType<typeof startPictureServer>>;

const OPTIONS = { allowPrivateAddresses: true, userAgent: 'Drabble tests' };

describe('fetching a picture from another server', () => {
  let pictures: PictureServer;
  beforeAll(async () => {
    pictures = await startPictureServer();
  });
  afterAll(async () => {
    await pictures.stop();
  });

  it('goes only to public addresses unless private ones are allowed, refusing before it connects', async () => {
    const refused = { ...OPTIONS, allowPrivateAddresses: false };
    await expect(fetchRemoteImage(new URL(pictures.url('/red.png')), refused)).rejects.toThrow(/not a public address/);
    await expect(fetchRemoteImage(new URL(`http://localhost:${pictures.port}/red.png`), refused)).rejects.toThrow(/not at a public address/);
    expect(pictures.hits('/red.png')).toBe(0);
    expect(sniffImageFormat(await fetchRemoteImage(new URL(pictures.url('/red.png')), OPTIONS))).toBe('png');
    expect(pictures.hits('/red.png')).toBe(1);
  });

  it('gives up on a server that does not answer in time, and stops reading at the upload size', async () => {
    await expect(fetchRemoteImage(new URL(pictures.url('/silent.png')), { ...OPTIONS, timeoutMs: 300 })).rejects.toThrow();
    await expect(fetchRemoteImage(new URL(pictures.url('/endless.png')), OPTIONS)).rejects.toThrow(/larger than/);
    await expect(fetchRemoteImage(new URL(pictures.url('/huge.png')), OPTIONS)).rejects.toThrow(/larger than/);
    await expect(fetchRemoteImage(new URL(pictures.url('/missing.png')), OPTIONS)).rejects.toThrow(/answered 404/);
  });

  it('does not ask a host it is told to refuse', async () => {
    const refusesHost = async (hostname: string) => hostname === '127.0.0.1';
    await expect(fetchRemoteImage(new URL(pictures.url('/blue.png?blocked')), { ...OPTIONS, refusesHost })).rejects.toThrow(/blocked/);
    expect(pictures.hits('/blue.png?blocked')).toBe(0);
  });
});

/** Uploads a picture as the profile screen does (multipart, field `file`). */
async function uploadPicture(server: TestServer, person: SignedUp, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const res = await fetch(new URL('/api/me/profile-image', server.url), { method: 'POST', body: form, headers: { cookie: person.client.cookieHeader, origin: server.url } });
  const body = (await res.json()) as { user: { profileImage: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.user.profileImage;
}

const OUR_COPY = /^\/api\/images\/remote\/[A-Za-z0-9_-]{43}\?v=[A-Za-z0-9_-]{16}$/;

/**
 * Two Drabble instances on loopback: members of A follow and are followed by writers on B, whose
 * pictures A copies and serves itself, never linking to B.
 */
describe.each(testDialects())('pictures of accounts on another instance on %s', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  let reader: SignedUp;
  let pictures: PictureServer;

  const following = async () => (await reader.client.get<{ following: (RemoteAccount & { state: string })[] }>('/api/federation/following')).body.following;
  const follow = async (address: string) => {
    const res = await reader.client.post<{ following: (RemoteAccount & { state: string })[] }>('/api/federation/following', { handle: address });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [, name, host] = /^@([^@]+)@(.+)$/.exec(address)!;
    return res.body.following.find((f) => f.handle === `@${name}@${host}`)!;
  };
  /** A writer on B whose actor shows this picture address (set as their profile image). */
  const writerOnB = async (name: string, picture: string) => {
    const writer = await signUpVerified(b, { name });
    await b.ctx.db.updateTable('users').set({ profileImage: picture }).where('uid', '=', writer.uid).execute();
    return { writer, address: await handleOf(b, writer), actor: `${b.config.publicUrl}/ap/users/${writer.uid}` };
  };
  const storedCopy = (actor: string) => a.ctx.storage.get(remoteAvatarKey(actor));
  const rowOf = (actor: string) => a.ctx.db.selectFrom('remoteActors').select(['iconUrl', 'avatarUrl']).where('uri', '=', actor).executeTakeFirst();

  beforeAll(async () => {
    [a, b, pictures] = await Promise.all([startTestServer(dialect, FEDERATING), startTestServer(dialect, FEDERATING), startPictureServer()]);
    reader = await signUpVerified(a, { name: 'Near Reader' });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), pictures?.stop()]);
  });

  it('copies a picture uploaded on the other instance and serves it from its own address, for an account followed from here and one following a writer here', async () => {
    const painter = await signUpVerified(b, { name: 'Far Painter' });
    const uploaded = await uploadPicture(b, painter, await pngOf(800, 600, '#27ae60'));
    const account = await follow(await handleOf(b, painter));
    expect(account.iconUrl).toMatch(OUR_COPY);
    expect(account.iconUrl).not.toContain(new URL(b.url).host);

    const image = await fetch(new URL(account.iconUrl!, a.url), { headers: { cookie: reader.client.cookieHeader } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('set-cookie')).toBeNull();
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(await rowOf(account.id)).toEqual({ iconUrl: new URL(uploaded, b.config.publicUrl).href, avatarUrl: account.iconUrl });

    // The other way: a writer on B follows one here, and A copies their picture as the Follow arrives.
    const writer = await signUpVerified(a, { name: 'Near Writer' });
    const fan = await signUpVerified(b, { name: 'Far Fan' });
    await uploadPicture(b, fan, await pngOf(200, 260, '#8e44ad'));
    expect((await fan.client.post('/api/federation/following', { handle: await handleOf(a, writer) })).status).toBe(200);
    const [follower] = await eventually(
      async () => (await writer.client.get<{ followers: RemoteAccount[] }>('/api/federation/followers')).body.followers,
      (list) => list.length === 1,
      'the follower to arrive',
    );
    expect(follower!.iconUrl).toMatch(OUR_COPY);
    const copy = await fetch(new URL(follower!.iconUrl!, a.url));
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ width: 200, height: 200 });

    expect((await fetch(new URL('/api/images/remote/not-a-copy', a.url))).status).toBe(404);
    expect((await fetch(new URL(`/api/images/remote/${'A'.repeat(43)}`, a.url))).status).toBe(404);
  });

  it('refuses a picture over the upload size and one that is not an image, and still remembers the account and follows it', async () => {
    for (const path of ['/huge.png', '/page.png']) {
      const far = await writerOnB(`Far Odd ${path.slice(1, 5)}`, pictures.url(path));
      const account = await follow(far.address);
      expect(account.iconUrl, path).toBeNull();
      expect(pictures.hits(path)).toBe(1);
      expect(await rowOf(far.actor)).toEqual({ iconUrl: pictures.url(path), avatarUrl: null });
      expect(await storedCopy(far.actor)).toBeNull();
      await eventually(following, (list) => list.find((f) => f.id === far.actor)?.state === 'accepted', 'the follow to be accepted');
    }
  });

  it('does not fetch a picture from a server blocked here, even for an account on another one', async () => {
    const far = await writerOnB('Far Blocked Picture', pictures.url('/red.png?blocked'));
    await a.ctx.db.insertInto('fedDomains').values({ domain: '127.0.0.1', mode: 'block', created_at: new Date().toISOString() }).execute();
    try {
      expect((await follow(far.address)).iconUrl).toBeNull();
      expect(pictures.hits('/red.png?blocked')).toBe(0);
    } finally {
      await a.ctx.db.deleteFrom('fedDomains').where('domain', '=', '127.0.0.1').execute();
    }
  });

  it('fetches an unchanged picture address once, and a changed one again', async () => {
    const far = await writerOnB('Far Steady', pictures.url('/red.png?steady'));
    const first = await follow(far.address);
    expect(first.iconUrl).toMatch(OUR_COPY);
    expect(pictures.hits('/red.png?steady')).toBe(1);
    await eventually(following, (list) => list.find((f) => f.id === far.actor)?.state === 'accepted', 'the follow to be accepted');

    // Looked up again (a second follow), and heard of again (their Update for a new name): the same address is not fetched.
    expect((await follow(far.address)).iconUrl).toBe(first.iconUrl);
    expect((await far.writer.client.patch('/api/account/name', { displayName: 'Far Steadier' })).status).toBe(200);
    await eventually(following, (list) => list.find((f) => f.id === far.actor)?.name === 'Far Steadier', 'the new name to arrive');
    expect(pictures.hits('/red.png?steady')).toBe(1);
    expect((await following()).find((f) => f.id === far.actor)?.iconUrl).toBe(first.iconUrl);

    // A new picture arrives with their next Update: copied, under a new version.
    await b.ctx.db.updateTable('users').set({ profileImage: pictures.url('/blue.png?steady') }).where('uid', '=', far.writer.uid).execute();
    expect((await far.writer.client.patch('/api/account/name', { displayName: 'Far Changed' })).status).toBe(200);
    const changed = await eventually(
      async () => (await following()).find((f) => f.id === far.actor),
      (account) => account?.name === 'Far Changed',
      'the new picture to arrive',
    );
    expect(pictures.hits('/blue.png?steady')).toBe(1);
    expect(changed!.iconUrl).toMatch(OUR_COPY);
    expect(changed!.iconUrl).not.toBe(first.iconUrl);
    const image = await fetch(new URL(changed!.iconUrl!, a.url));
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 300 });
    // The old version's address still answers, with the new picture, and is not cached as current.
    expect((await fetch(new URL(first.iconUrl!, a.url))).headers.get('cache-control')).toBe('no-cache');
  });

  it('carries the copies in a backup: restored elsewhere, the picture answers at the same address', async () => {
    const far = await writerOnB('Far Kept', pictures.url('/red.png?kept'));
    const account = await follow(far.address);
    expect(account.iconUrl).toMatch(OUR_COPY);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drabble-remote-avatars-'));
    const target = await createTestDatabase(dialect);
    let restored: TestServer | null = null;
    try {
      const file = path.join(dir, 'backup.zip');
      const { manifest } = await createBackup(backupSourceOf(a.ctx), file);
      expect(manifest.files.map((f) => f.key)).toContain(remoteAvatarKey(far.actor));
      await restoreInto(target, file);
      restored = await startTestServerOn(target, { AUTH_SECRET: '' });
      const image = await fetch(new URL(account.iconUrl!, restored.url));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    } finally {
      await (restored ? restored.stop() : target.drop());
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
