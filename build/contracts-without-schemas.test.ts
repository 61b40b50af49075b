import { describe, expect, it } from 'vitest';
import type { Plugin } from 'rolldown';
import { bundleInMemory } from './bundle-in-memory';
import { CONTRACT_MODULE, contractsWithoutSchemas, dropContractSchemas } from './contracts-without-schemas';
import { pureSchemas } from './pure-schemas';

const CONTRACTS = `import { z } from 'zod';
import { defineRoute } from './define.ts';
export const storyCreateSchema = z.object({ title: z.string().max(120) });
export const savedStorySchema = z.object({ id: z.string().length(20) });
const storyParamsSchema = z.object({ id: z.string().regex(/^[a-z]+$/) });
export const contracts = {
  create: defineRoute({ method: 'POST', path: '/api/stories', body: storyCreateSchema, response: savedStorySchema, status: 201 }),
  remove: defineRoute({ method: 'DELETE', path: '/api/stories/:id', params: storyParamsSchema, response: z.undefined(), }),
};
`;

/** An entry that calls a route by its method and path, as web/lib/call-route.ts does in production. */
function bundle(withPlugin: boolean): Promise<string> {
  const files = {
    'entry.ts': "import { contracts } from './stories.ts';\nconsole.log(contracts.create.method, contracts.remove.path);\n",
    'stories.ts': CONTRACTS,
    'define.ts': 'export function defineRoute(route) { return route; }\n',
  };
  return bundleInMemory(files, [pureSchemas() as Plugin, ...(withPlugin ? [contractsWithoutSchemas() as Plugin] : [])], '/app/common/contracts/');
}

describe('contractsWithoutSchemas', () => {
  it('leaves the routes their method, path and status, and the bundler leaves out the schemas only they held', async () => {
    const code = await bundle(true);
    expect(code).toContain("method: 'POST'".replace(/'/g, '"'));
    expect(code).toContain('/api/stories/:id');
    expect(code).toContain('status: 201');
    for (const gone of ['max(120)', 'length(20)', 'regex(', 'z.undefined()', 'z.object']) expect(code).not.toContain(gone);
  });

  it('is what makes the difference: without it every schema is built', async () => {
    const code = await bundle(false);
    for (const kept of ['max(120)', 'length(20)', 'regex(', 'z.undefined()']) expect(code).toContain(kept);
  });

  it('keeps the object valid whichever property comes last, and touches nothing but defineRoute calls', () => {
    const edited = dropContractSchemas(CONTRACTS, 'stories.ts')?.code ?? '';
    expect(edited).toContain("create: defineRoute({ method: 'POST', path: '/api/stories', status: 201 })");
    expect(edited).toContain("remove: defineRoute({ method: 'DELETE', path: '/api/stories/:id', })");
    expect(edited).toContain('export const storyCreateSchema = z.object({ title: z.string().max(120) });');
    expect(dropContractSchemas('export const answer = compute({ body: 1 });', 'x.ts')).toBeNull();
  });
});

describe('CONTRACT_MODULE', () => {
  it("knows a feature's own contract, beside its schemas, and those of common/contracts/", () => {
    for (const path of ['/app/common/stories/contract.ts', '/app/common/account/passkeys-contract.ts', '/app/common/contracts/answers.ts']) expect(CONTRACT_MODULE.test(path)).toBe(true);
  });

  it('leaves define.ts and the schema modules alone', () => {
    for (const path of ['/app/common/contracts/define.ts', '/app/common/stories/story.ts', '/app/web/features/stories/contract.ts']) expect(CONTRACT_MODULE.test(path)).toBe(false);
  });
});
