import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** AUTH_SECRET when set; otherwise one generated once and kept in DATA_DIR/auth-secret. */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: generate below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
