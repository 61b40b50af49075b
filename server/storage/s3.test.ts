import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage, type S3Settings } from './s3';
import { StorageError } from './types';

const ACCESS_KEY = 'AKIATESTKEY';
const SECRET = 'test-secret-key';
const REGION = 'eu-west-3';

interface StubRequest {
  method: string;
  path: string;
  authorization: string;
  contentSha256: string;
}

/**
 * A small S3-compatible server: keeps PUT bodies in memory, serves GET, handles DELETE,
 * and checks every request's SigV4 signature by signing it again with the secret.
 */
class S3Stub {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: StubRequest[] = [];
  /** Status codes to answer with instead, one per request, before behaving normally. */
  failures: number[] = [];
  private server = http.createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async signatureIsValid(req: http.IncomingMessage, authorization: string): Promise<boolean> {
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match || match[1] !== ACCESS_KEY || match[3] !== REGION) return false;
    const signedHeaders = match[4]!.split(';');
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
    const signer = new AwsV4Signer({
      method: req.method,
      url: `http://${req.headers.host}${req.url}`,
      headers,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      service: 's3',
      region: REGION,
      datetime: String(req.headers['x-amz-date']),
    });
    return (await signer.signature()) === match[5];
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const authorization = String(req.headers.authorization ?? '');
    const contentSha256 = String(req.headers['x-amz-content-sha256'] ?? '');
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', authorization, contentSha256 });

    const failure = this.failures.shift();
    if (failure) return void res.writeHead(failure).end('<Error><Code>SlowDown</Code></Error>');
    if (!(await this.signatureIsValid(req, authorization))) return void res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    if (contentSha256 !== crypto.createHash('sha256').update(body).digest('hex')) return void res.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');

    const key = req.url ?? '';
    if (req.method === 'PUT') {
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      return void res.writeHead(200, { etag: '"x"' }).end();
    }
    const stored = this.objects.get(key);
    if (req.method === 'GET') {
      if (!stored) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      return void res.writeHead(200, { 'content-type': stored.contentType }).end(stored.body);
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      return void res.writeHead(204).end();
    }
    res.writeHead(405).end();
  }
}

describe('S3 storage driver', () => {
  const stub = new S3Stub();
  let settings: S3Settings;

  beforeAll(async () => {
    const endpoint = await stub.start();
    settings = { endpoint, region: REGION, bucket: 'drabble-test', accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, forcePathStyle: true };
  });
  afterAll(() => stub.stop());
  beforeEach(() => {
    stub.requests.length = 0;
    stub.failures = [];
  });

  it('puts, gets and deletes objects with signed requests', async () => {
    const storage = new S3Storage(settings);
    const bytes = crypto.randomBytes(2048);
    await storage.put('profileImages/u1', bytes, 'image/webp');
    expect(stub.objects.get('/drabble-test/profileImages/u1')?.contentType).toBe('image/webp');

    const got = await storage.get('profileImages/u1');
    expect(Buffer.from(got!.bytes).equals(bytes)).toBe(true);
    expect(got!.contentType).toBe('image/webp');

    await storage.delete('profileImages/u1');
    expect(stub.objects.has('/drabble-test/profileImages/u1')).toBe(false);
    expect(await storage.get('profileImages/u1')).toBeNull();

    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /drabble-test/profileImages/u1',
      'GET /drabble-test/profileImages/u1',
      'DELETE /drabble-test/profileImages/u1',
      'GET /drabble-test/profileImages/u1',
    ]);
    for (const request of stub.requests) {
      expect(request.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/${REGION}/s3/aws4_request, `));
      // The payload is signed, never sent as UNSIGNED-PAYLOAD.
      expect(request.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('deletes a missing object without complaint', async () => {
    await expect(new S3Storage(settings).delete('profileImages/never')).resolves.toBeUndefined();
  });

  it('fails with a StorageError when the signature is wrong', async () => {
    const storage = new S3Storage({ ...settings, secretAccessKey: 'wrong' });
    await expect(storage.put('profileImages/u2', Buffer.from('x'), 'image/webp')).rejects.toThrow(/answered 403/);
    expect(stub.objects.has('/drabble-test/profileImages/u2')).toBe(false);
  });

  it('retries a passing server error and gives up on a lasting one', async () => {
    const storage = new S3Storage(settings);
    stub.failures = [503];
    await storage.put('profileImages/u3', Buffer.from('x'), 'image/webp');
    expect(stub.objects.has('/drabble-test/profileImages/u3')).toBe(true);

    stub.failures = [500, 500, 500];
    await expect(storage.get('profileImages/u3')).rejects.toBeInstanceOf(StorageError);
    expect(stub.requests.filter((r) => r.method === 'GET')).toHaveLength(3);
  });

  it('fails with a StorageError when the endpoint cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const storage = new S3Storage({ ...settings, endpoint: `http://127.0.0.1:${port}` });
    await expect(storage.get('profileImages/u4')).rejects.toBeInstanceOf(StorageError);
  });

  it('addresses objects path-style or virtual-host style', () => {
    const base = { ...settings, endpoint: 'https://s3.eu-west-3.amazonaws.com', bucket: 'pics' };
    expect(new S3Storage({ ...base, forcePathStyle: false }).urlOf('profileImages/u1')).toBe('https://pics.s3.eu-west-3.amazonaws.com/profileImages/u1');
    expect(new S3Storage({ ...base, forcePathStyle: true }).urlOf('profileImages/u1')).toBe('https://s3.eu-west-3.amazonaws.com/pics/profileImages/u1');
    expect(new S3Storage({ ...base, endpoint: 'http://minio:9000/storage', forcePathStyle: true }).urlOf('a/b')).toBe('http://minio:9000/storage/pics/a/b');
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = new S3Storage(settings);
    await expect(storage.get('../other-bucket/x')).rejects.toBeInstanceOf(StorageError);
    expect(() => storage.urlOf('a/../../b')).toThrow(StorageError);
    expect(stub.requests).toHaveLength(0);
  });
});
