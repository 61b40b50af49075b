import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Notification rows have one writer, insertNotification in queries/store.ts: what a row holds (its
 * group, its first actor, its order) is decided in one place. Tests may seed rows directly.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WRITER = path.join(SERVER, 'features/notifications/queries/store.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('notification rows', () => {
  it('are inserted by queries/store.ts alone', () => {
    const files = sourceFiles(SERVER);
    expect(files).toContain(WRITER);
    const writers = files.filter((file) => /insertInto\(\s*['"]notifications['"]\s*\)/.test(fs.readFileSync(file, 'utf8')));
    expect(writers.map((file) => path.relative(SERVER, file))).toEqual(['features/notifications/queries/store.ts']);
  });
});
