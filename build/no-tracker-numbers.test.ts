import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A reader of the repository has no issue tracker: a comment or test name that names a tracker number
 * tells them nothing. Say the reason, or name the decision record (docs/decisions/).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

describe('the code and its tests', () => {
  it('point at no tracker numbers', () => {
    let found = '';
    try {
      found = execFileSync('git', ['grep', '-n', '-i', '-I', '-E', '\\bissues? #?[0-9]+', '--', 'server', 'web', 'common', 'e2e', 'build', 'bench', 'scripts'], { cwd: root, encoding: 'utf8' });
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(found.trim().split('\n').filter(Boolean)).toEqual([]);
  });
});
