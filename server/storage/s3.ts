import crypto from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertValidKey, StorageError, type ObjectStorage, type StoredObject } from './types';

export interface S3Settings {
  /** e.g. https://s3.eu-west-3.amazonaws.com, or a MinIO / R2 / B2 endpoint. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

const REQUEST_TIMEOUT_MS = 20_000;

interface S3ErrorBody {
  /** S3's error code, e.g. NoSuchKey, NoSuchBucket, SignatureDoesNotMatch, AccessDenied; '' when the body has none. */
  code: string;
  message: string;
}

const xmlText = (text: string) => text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);

/** The code and message of S3's XML error body (`<Error><Code>…</Code><Message>…</Message>…`), or the start of another body. */
async function errorOf(res: Response): Promise<S3ErrorBody> {
  const body = await res.text().catch(() => '');
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
  const code = field('Code');
  if (code === undefined) return { code: '', message: body.slice(0, 300) };
  return { code: xmlText(code), message: xmlText(field('Message') ?? '') };
}

/**
 * Objects in an S3-compatible bucket, over fetch with AWS Signature Version 4 (aws4fetch).
 * The payload hash is signed too, not sent as UNSIGNED-PAYLOAD. Transient failures (5xx,
 * 429) are retried twice by aws4fetch; anything else becomes a StorageError naming S3's
 * error code (SignatureDoesNotMatch, NoSuchBucket…). A missing object reads as null, but a
 * missing bucket is an error: a wrong S3_BUCKET must not look like every image deleted.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: 2,
      initRetryMs: 200,
    });
  }

  /** The object's URL, path-style or virtual-host style. */
  urlOf(key: string): string {
    assertValidKey(key);
    const base = new URL(this.settings.endpoint);
    const prefix = base.pathname.replace(/\/+$/, '');
    const bucket = encodeURIComponent(this.settings.bucket);
    return this.settings.forcePathStyle
      ? `${base.protocol}//${base.host}${prefix}/${bucket}/${key}`
      : `${base.protocol}//${bucket}.${base.host}${prefix}/${key}`;
  }

  private async send(method: 'GET' | 'PUT' | 'DELETE', key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}): Promise<Response> {
    const url = this.urlOf(key);
    // A copy on its own ArrayBuffer, as fetch wants (a Buffer may share a pooled one).
    const payload = new Uint8Array(init.body ?? new Uint8Array(0));
    try {
      return await this.client.fetch(url, {
        method,
        body: init.body ? payload : undefined,
        headers: { ...init.headers, 'x-amz-content-sha256': crypto.createHash('sha256').update(payload).digest('hex') },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new StorageError(`S3 ${method} ${key} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  private async refuse(res: Response, what: string, error?: S3ErrorBody): Promise<never> {
    const { code, message } = error ?? (await errorOf(res));
    const detail = code ? ` ${code}${message ? `: ${message}` : ''}` : message ? `: ${message}` : '';
    throw new StorageError(`S3 ${what} answered ${res.status}${detail}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, { body: bytes, headers: { 'content-type': contentType } });
    if (!res.ok) await this.refuse(res, `PUT ${key}`);
    await res.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      // No such key is an answer; no such bucket is a misconfiguration, not every image gone.
      const error = await errorOf(res);
      if (error.code !== 'NoSuchBucket') return null;
      await this.refuse(res, `GET ${key}`, error);
    }
    if (!res.ok) await this.refuse(res, `GET ${key}`);
    try {
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
    } catch (err) {
      throw new StorageError(`S3 GET ${key} was cut off`, { cause: err });
    }
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 whether or not the object existed; some compatible stores say 404 (NoSuchKey).
    if (res.status === 404) {
      const error = await errorOf(res);
      if (error.code === 'NoSuchBucket') await this.refuse(res, `DELETE ${key}`, error);
      return;
    }
    if (!res.ok) await this.refuse(res, `DELETE ${key}`);
    await res.body?.cancel();
  }
}
