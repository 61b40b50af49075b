import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../storage/s3';

/**
 * A real S3-protocol server for tests and scripts, in process: s3rver (the @20minutes fork,
 * which checks AWS Signature Version 4 as S3 does; the original s3rver 3.x accepts any v4
 * signature). Objects live in a temporary directory of their own, removed on stop. It
 * serves path-style URLs (`http://127.0.0.1:PORT/bucket/key`), answers S3's XML errors
 * (NoSuchKey, SignatureDoesNotMatch, InvalidAccessKeyId…) and knows one key pair, the
 * fixed `S3RVER` / `S3RVER`.
 */

export interface TestS3 {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT. */
  endpoint: string;
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings of a driver for this bucket (path-style). */
  settings: S3Settings;
  /** The environment that points the app at this bucket (STORAGE_DRIVER=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted, read through the S3 API (ListObjectsV2). */
  keys(): Promise<string[]>;
  /** Closes the server and deletes its directory. */
  stop(): Promise<void>;
}

export interface S3ServerOptions {
  /** 0 (the default) for any free port. */
  port?: number;
  /** Created empty at start-up. */
  bucket?: string;
  /** Any region name: the server checks signatures made for whatever region the request names. */
  region?: string;
}

// The one key pair s3rver knows.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(options: S3ServerOptions = {}): Promise<TestS3> {
  const bucket = options.bucket ?? 'drabble-test';
  const region = options.region ?? 'us-east-1';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'drabble-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (err) {
    await fs.rm(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings: S3Settings = { endpoint, region, bucket, accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY, forcePathStyle: true };
  const client = new AwsClient({ accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY, service: 's3', region });

  return {
    endpoint,
    port: address.port,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const url = new URL(`${endpoint}/${bucket}`);
        url.searchParams.set('list-type', '2');
        if (token) url.searchParams.set('continuation-token', token);
        const res = await client.fetch(url);
        const xml = await res.text();
        if (!res.ok) throw new Error(`ListObjectsV2 answered ${res.status}: ${xml}`);
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(match[1]!);
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]*)</.exec(xml)?.[1] : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
