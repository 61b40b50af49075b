import MagicString, { type SourceMap } from 'magic-string';
import type { Plugin } from 'vite';
import { childrenOf, isNode, parseProgram, transformResult, type Node } from './ast';

/** A binding that holds a zod schema, or a record of them, by the project's naming (`…Schema`, `…Schemas`). */
const SCHEMA_NAME = /Schemas?$/;

interface Declarator {
  id: { name?: string };
  init: Node | null;
}

const FUNCTION = /^(ArrowFunctionExpression|FunctionExpression|FunctionDeclaration|ClassExpression)$/;
const CALL = /^(CallExpression|NewExpression)$/;

/**
 * The calls that build a schema, outermost first: every call in the initializer but those in
 * functions (a refinement's body runs when a value is checked, and may be there for its effect)
 * and in optional chains (which parentheses would change).
 */
function callsIn(node: Node, calls: Node[]): Node[] {
  if (FUNCTION.test(node.type) || node.type === 'ChainExpression') return calls;
  if (CALL.test(node.type)) calls.push(node);
  for (const child of childrenOf(node)) callsIn(child, calls);
  return calls;
}

/** The calls of every top-level `const …Schema = <call>` in the module's (already JavaScript) code. */
function schemaCalls(code: string): Node[] {
  const calls: Node[] = [];
  for (const statement of parseProgram(code)) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const { id, init } of declaration.declarations as Declarator[]) {
      if (init && CALL.test(init.type) && id.name !== undefined && SCHEMA_NAME.test(id.name)) callsIn(init, calls);
    }
  }
  return calls;
}

/** The module with its schemas' construction marked pure, or null when it builds none. */
export function markSchemaConstructionPure(code: string, id: string): { code: string; map: SourceMap } | null {
  if (!code.includes('Schema')) return null;
  const calls = schemaCalls(code);
  if (calls.length === 0) return null;
  const edited = new MagicString(code);
  // Each call in parentheses with its own mark: in a chain (`z.string().min(1)`) the calls start together.
  for (const call of calls) {
    edited.appendLeft(call.start, '(/* @__PURE__ */ ');
    edited.appendLeft(call.end, ')');
  }
  return transformResult(edited, id);
}

/**
 * Marks the construction of every top-level schema in our code (`export const storyPageSchema =
 * z.object(…)`, `…= storyFieldsSchema.extend(…)`) as pure, at build time only, so that a schema
 * nothing in the bundle reads is left out with its construction.
 *
 * Production builds do not check API responses (web/lib/api.ts): the call sites pass their
 * response schema in development only, and without this the bundler would still run each
 * schema's construction on load, for it cannot tell that building a schema from another has no
 * effect. Building a zod schema has none (the project registers no metadata with zod).
 */
export function pureSchemas(): Plugin {
  return {
    name: 'drabble-pure-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id)) return null;
      return markSchemaConstructionPure(code, id);
    },
  };
}
