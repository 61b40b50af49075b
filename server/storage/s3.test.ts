import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../test/s3';
import { S3Storage } from './s3';
import { StorageError } from './types';

interface Seen {
  method: string;
  path: string;
  authorization: string;
  contentSha256: string;
  bodySha256: string;
}

/**
 * Passes every request on to the real server untouched (its Host header too, so the
 * signature still holds), noting what the driver sent; `failures` makes it answer those
 * status codes itself first, one per request, as an overloaded S3 does.
 */
async function startRelay(target: string): Promise<{ endpoint: string; seen: Seen[]; failures: number[]; stop(): Promise<void> }> {
  const seen: Seen[] = [];
  const failures: number[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: String(req.headers.authorization ?? ''),
      contentSha256: String(req.headers['x-amz-content-sha256'] ?? ''),
      bodySha256: crypto.createHash('sha256').update(body).digest('hex'),
    });
    const failure = failures.shift();
    if (failure) return void res.writeHead(failure, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failures,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('S3 storage driver against a real S3 server', () => {
  let s3: TestS3;
  let storage: S3Storage;
  /** Reads the bucket with its own signed requests, not through the driver. */
  let direct: AwsClient;

  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'drabble-test', region: 'eu-west-3' });
    storage = new S3Storage(s3.settings);
    direct = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, service: 's3', region: s3.region });
  });
  afterAll(() => s3.stop());

  it('puts an object at its path-style URL, reads it back with its content type, and deletes it', async () => {
    const bytes = crypto.randomBytes(256 * 1024);
    await storage.put('profileImages/u1', bytes, 'image/webp');
    expect(await s3.keys()).toContain('profileImages/u1');
    // Where S3 keeps it: http://host/bucket/key.
    const fetched = await direct.fetch(`${s3.endpoint}/drabble-test/profileImages/u1`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    const got = await storage.get('profileImages/u1');
    expect(Buffer.from(got!.bytes).equals(bytes)).toBe(true);
    expect(got!.contentType).toBe('image/webp');

    await storage.delete('profileImages/u1');
    expect(await s3.keys()).not.toContain('profileImages/u1');
    expect(await storage.get('profileImages/u1')).toBeNull();
  });

  it('replaces an object, its bytes and its content type', async () => {
    await storage.put('profileImages/u2', Buffer.from('first'), 'image/webp');
    await storage.put('profileImages/u2', Buffer.from('second, longer'), 'image/png');
    const got = await storage.get('profileImages/u2');
    expect(Buffer.from(got!.bytes).toString()).toBe('second, longer');
    expect(got!.contentType).toBe('image/png');
  });

  it('answers null for a missing object and deletes one without complaint', async () => {
    expect(await storage.get('profileImages/never')).toBeNull();
    await expect(storage.delete('profileImages/never')).resolves.toBeUndefined();
  });

  it('fails with a StorageError carrying the code of the refusal when the secret is wrong or the key unknown, storing nothing', async () => {
    const wrongSecret = new S3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('profileImages/u3', Buffer.from('x'), 'image/webp')).rejects.toThrow(/^S3 PUT profileImages\/u3 answered 403 SignatureDoesNotMatch: The request signature we calculated does not match/);
    await expect(wrongSecret.get('profileImages/u3')).rejects.toBeInstanceOf(StorageError);
    await expect(wrongSecret.delete('profileImages/u3')).rejects.toThrow(/answered 403 SignatureDoesNotMatch/);

    const unknownKey = new S3Storage({ ...s3.settings, accessKeyId: 'AKIANOBODY' });
    await expect(unknownKey.get('profileImages/u3')).rejects.toThrow(/^S3 GET profileImages\/u3 answered 403 InvalidAccessKeyId: /);
    expect(await s3.keys()).not.toContain('profileImages/u3');
  });

  it('fails with a StorageError when the bucket does not exist, rather than reading every object as missing', async () => {
    const elsewhere = new S3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(elsewhere.get('profileImages/u4')).rejects.toThrow(/^S3 GET profileImages\/u4 answered 404 NoSuchBucket: /);
    await expect(elsewhere.delete('profileImages/u4')).rejects.toThrow(/answered 404 NoSuchBucket/);
    await expect(elsewhere.put('profileImages/u4', Buffer.from('x'), 'image/webp')).rejects.toThrow(/answered 404 NoSuchBucket/);
  });

  it('signs the payload (its SHA-256, never UNSIGNED-PAYLOAD), retries a passing server error and gives up on a lasting one', async () => {
    const relay = await startRelay(s3.endpoint);
    try {
      const relayed = new S3Storage({ ...s3.settings, endpoint: relay.endpoint });
      relay.failures.push(503);
      await relayed.put('profileImages/u5', Buffer.from('retried'), 'image/webp');
      expect(Buffer.from((await storage.get('profileImages/u5'))!.bytes).toString()).toBe('retried');
      expect(relay.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /drabble-test/profileImages/u5', 'PUT /drabble-test/profileImages/u5']);
      for (const request of relay.seen) {
        expect(request.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/eu-west-3/s3/aws4_request, SignedHeaders=[^ ]*x-amz-content-sha256`));
        expect(request.contentSha256).toBe(request.bodySha256);
      }

      relay.failures.push(500, 500, 500);
      await expect(relayed.get('profileImages/u5')).rejects.toThrow(/^S3 GET profileImages\/u5 answered 500 SlowDown: Please reduce your request rate\.$/);
      expect(relay.seen.filter((r) => r.method === 'GET')).toHaveLength(3);
    } finally {
      await relay.stop();
    }
  });

  it('fails with a StorageError when the endpoint cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const storage = new S3Storage({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` });
    await expect(storage.get('profileImages/u6')).rejects.toBeInstanceOf(StorageError);
  });

  it('refuses unsafe keys before sending anything', async () => {
    await expect(storage.get('../other-bucket/x')).rejects.toThrow(/^Invalid storage key/);
    await expect(storage.put('a/../../b', Buffer.from('x'), 'image/webp')).rejects.toThrow(/^Invalid storage key/);
  });
});

describe('S3 object URLs', () => {
  const base = { region: 'eu-west-3', accessKeyId: 'AKIA', secretAccessKey: 'secret', endpoint: 'https://s3.eu-west-3.amazonaws.com', bucket: 'pics' };

  it('are path-style or virtual-host style, under the endpoint path', () => {
    expect(new S3Storage({ ...base, forcePathStyle: false }).urlOf('profileImages/u1')).toBe('https://pics.s3.eu-west-3.amazonaws.com/profileImages/u1');
    expect(new S3Storage({ ...base, forcePathStyle: true }).urlOf('profileImages/u1')).toBe('https://s3.eu-west-3.amazonaws.com/pics/profileImages/u1');
    expect(new S3Storage({ ...base, endpoint: 'http://minio:9000/storage', forcePathStyle: true }).urlOf('a/b')).toBe('http://minio:9000/storage/pics/a/b');
    expect(() => new S3Storage({ ...base, forcePathStyle: true }).urlOf('a/../../b')).toThrow(StorageError);
  });
});
