import { describe, expect, it } from 'vitest';
import type { Plugin } from 'rolldown';
import { bundleInMemory } from './bundle-in-memory';
import { markSchemaConstructionPure, pureSchemas } from './pure-schemas';

const SCHEMAS = `import { z } from 'zod';
export const baseSchema = z.object({ name: z.string().min(1) });
export const unusedSchema = baseSchema.extend({ count: z.number().refine((n) => n > 0, 'positive') });
export const usedSchema = baseSchema.nullable();
export const liveEventSchemas = { ping: z.object({ at: z.string().datetime() }) };
export const strict = z.boolean();
`;

/** An entry that reads one schema, and the module that builds them. */
function bundle(withPlugin: boolean): Promise<string> {
  const files = { 'entry.ts': "import { usedSchema } from './schemas.ts';\nconsole.log(usedSchema);\n", 'schemas.ts': SCHEMAS };
  return bundleInMemory(files, withPlugin ? [pureSchemas() as Plugin] : []);
}

describe('pureSchemas', () => {
  it('lets the bundler leave out a schema nobody reads, with its construction', async () => {
    const code = await bundle(true);
    expect(code).not.toContain('refine');
    expect(code).not.toContain('z.number()');
    // What is read stays, with what it is built from.
    expect(code).toContain('.nullable()');
    expect(code).toContain('.min(1)');
  });

  it('is what makes the difference: without it the construction stays', async () => {
    const code = await bundle(false);
    expect(code).toContain('refine');
  });

  it('marks only top-level `…Schema` declarations built by a call, and no call inside a function', () => {
    const marked = markSchemaConstructionPure(SCHEMAS, 'schemas.ts')?.code ?? '';
    expect(marked).toContain('export const unusedSchema = (/* @__PURE__ */ baseSchema.extend({ count: (/* @__PURE__ */ (/* @__PURE__ */ z.number()).refine(');
    expect(marked).toContain("(n) => n > 0, 'positive'");
    expect(marked).toContain('export const liveEventSchemas = { ping: z.object(');
    expect(marked).toContain('export const strict = z.boolean();');
    expect(markSchemaConstructionPure("export const fooSchema = make(() => register('x'));", 'x.ts')?.code).toBe(
      "export const fooSchema = (/* @__PURE__ */ make(() => register('x')));",
    );
  });

  it('leaves a module without schemas alone', () => {
    expect(markSchemaConstructionPure('export const answer = compute(42);', 'x.ts')).toBeNull();
  });
});
