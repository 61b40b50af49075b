/** The package ships no types: what server/test/s3.ts uses of it. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    /** Where buckets and objects are kept on disk. */
    directory?: string;
    silent?: boolean;
    /** Buckets created (empty) when the server starts. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    resetOnClose?: boolean;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
