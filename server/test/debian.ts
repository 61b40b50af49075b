import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The path of `binary`, installing Debian package `pkg` first when it is missing (apt-get, as
 * root). Tests and scripts start the real server (PgBouncer, HAProxy), never a stand-in; one
 * that cannot be installed is an error.
 */
export async function ensureDebianPackage(pkg: string, binary: string): Promise<string> {
  if (fs.existsSync(binary)) return binary;
  if (process.getuid?.() !== 0) throw new Error(`${binary} is missing: install the Debian package ${pkg} (apt-get install ${pkg})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', '-qq', pkg], { env, maxBuffer: 16 * 1024 * 1024 });
  // A fresh machine has no package lists yet.
  await install().catch(async () => {
    await run('apt-get', ['update', '-qq'], { env, maxBuffer: 16 * 1024 * 1024 });
    await install();
  });
  if (!fs.existsSync(binary)) throw new Error(`apt-get install ${pkg} did not provide ${binary}`);
  return binary;
}

/** uid and gid of a system user (PgBouncer, like PostgreSQL, refuses to run as root). */
export async function systemUser(name: string): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', name]);
  const { stdout: gid } = await run('id', ['-g', name]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * Replaces the values of the named keys in an ini-style text (PgBouncer's), section by section,
 * and appends those a section lacks; comments and every other line are kept as they are.
 */
export function setIniValues(text: string, values: Record<string, Record<string, string>>): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let section = '';
  const pending = new Map(Object.entries(values).map(([name, keys]) => [name, new Map(Object.entries(keys))]));
  const flush = () => {
    const left = pending.get(section);
    if (!left) return;
    // Before the blank lines that end the section.
    let at = out.length;
    while (at > 0 && out[at - 1]!.trim() === '') at -= 1;
    out.splice(at, 0, ...[...left].map(([key, value]) => `${key} = ${value}`));
    pending.delete(section);
  };
  for (const line of lines) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      flush();
      section = header[1]!;
      out.push(line);
      continue;
    }
    const entry = /^\s*([^;#=\s][^=]*?)\s*=/.exec(line);
    const keys = pending.get(section);
    if (entry && keys) {
      const key = entry[1]!;
      if (keys.has(key)) {
        out.push(`${key} = ${keys.get(key)}`);
        keys.delete(key);
        continue;
      }
    }
    out.push(line);
  }
  flush();
  for (const [name, keys] of pending) out.push('', `[${name}]`, ...[...keys].map(([key, value]) => `${key} = ${value}`));
  return out.join('\n');
}
