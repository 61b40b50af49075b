import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY, keepOwnerOnly } from '../files';

/**
 * A secret kept in DATA_DIR/`name` (mode 0600): read when the file holds a valid one, else
 * generated once and written there, so every start (and every instance sharing DATA_DIR) uses
 * the same. For AUTH_SECRET, and Web Push's VAPID keys (features/push/vapid.ts).
 */
export function generatedOnce(dataDir: string, name: string, valid: (text: string) => boolean, generate: () => string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (valid(existing)) {
      // A copy restored from a backup may have come back readable by everyone.
      keepOwnerOnly(file);
      return existing;
    }
  } catch {
    // Not there yet: generate below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  fs.writeFileSync(file, `${secret}\n`, { mode: OWNER_ONLY });
  keepOwnerOnly(file);
  return secret;
}

/** AUTH_SECRET when set; otherwise one generated once and kept in DATA_DIR/auth-secret (mode 0600). */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  return generatedOnce(dataDir, 'auth-secret', (existing) => existing.length >= 32, () => crypto.randomBytes(32).toString('base64url'));
}
