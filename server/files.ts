import fs from 'node:fs';

/** Read and write for the server's own user only: the database and the auth secret. */
export const OWNER_ONLY = 0o600;

/** Creates the file if missing and narrows its permissions to OWNER_ONLY. */
export function keepOwnerOnly(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY));
  if ((fs.statSync(file).mode & 0o777) !== OWNER_ONLY) fs.chmodSync(file, OWNER_ONLY);
}
