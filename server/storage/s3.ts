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

/**
 * Objects in an S3-compatible bucket, over fetch with AWS Signature Version 4 (aws4fetch).
 * The payload hash is signed too, not sent as UNSIGNED-PAYLOAD. Transient failures (5xx,
 * 429) are retried twice by aws4fetch; anything else becomes a StorageError.
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

  private async refuse(res: Response, what: string): Promise<never> {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new StorageError(`S3 ${what} answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, { body: bytes, headers: { 'content-type': contentType } });
    if (!res.ok) await this.refuse(res, `PUT ${key}`);
    await res.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
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
    // S3 answers 204 whether or not the object existed; some compatible stores say 404.
    if (!res.ok && res.status !== 404) await this.refuse(res, `DELETE ${key}`);
    await res.body?.cancel();
  }
}
