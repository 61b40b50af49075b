import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';

// A host learns what they can set from docs/self-hosting.md: a variable the server reads but the
// reference leaves out is a setting nobody can find.
describe('the configuration reference', () => {
  const reference = fs.readFileSync(new URL('../docs/self-hosting.md', import.meta.url), 'utf8');

  it('documents every environment variable the server reads', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((name) => !reference.includes(`\`${name}\``))).toEqual([]);
  });
});
