import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY, keepOwnerOnly } from '../files';

/** AUTH_SECRET when set; otherwise one generated once and kept in DATA_DIR/auth-secret (mode 0600). */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      // A copy restored from a backup may have come back readable by everyone.
      keepOwnerOnly(file);
      return existing;
    }
  } catch {
    // Not there yet: generate below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: OWNER_ONLY });
  keepOwnerOnly(file);
  return secret;
}
