import MagicString, { type SourceMap } from 'magic-string';
import type { Plugin } from 'vite';
import { childrenOf, parseProgram, transformResult, type Node } from './ast';

/** What a route contract holds for the server and for types only (common/contracts/define.ts). */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);
/**
 * A route contract module: a feature's own (common/<feature>/contract.ts, or …-contract.ts beside
 * its other modules) or one of common/contracts/ (define.ts aside).
 */
export const CONTRACT_MODULE = /[\\/]common[\\/](?:contracts[\\/](?!define\.)[^\\/]+|[^\\/]+[\\/](?:[^\\/]+-)?contract)\.ts$/;

/** Every `defineRoute({ … })` call's object in the tree. */
function routeObjects(node: Node, found: Node[]): Node[] {
  if (node.type === 'CallExpression') {
    const callee = node.callee as Node & { name?: string };
    const [first] = node.arguments as Node[];
    if (callee.type === 'Identifier' && callee.name === 'defineRoute' && first?.type === 'ObjectExpression') found.push(first);
  }
  for (const child of childrenOf(node)) routeObjects(child, found);
  return found;
}

/** The contract module with each route's schemas left out (method, path and status stay), or null when it declares no route. */
export function dropContractSchemas(code: string, id: string): { code: string; map: SourceMap } | null {
  if (!code.includes('defineRoute')) return null;
  const objects = parseProgram(code).flatMap((statement) => routeObjects(statement, []));
  if (objects.length === 0) return null;
  const edited = new MagicString(code);
  for (const object of objects) {
    const properties = object.properties as (Node & { key: Node & { name?: string } })[];
    properties.forEach((property, index) => {
      if (property.type !== 'Property' || !SCHEMA_KEYS.has(property.key.name ?? '')) return;
      // Up to the next property, so its comma goes with it; the last one up to the closing brace.
      edited.remove(property.start, properties[index + 1]?.start ?? object.end - 1);
    });
  }
  return transformResult(edited, id);
}

/**
 * In the web's production build, the route contracts (common/contracts/) keep their method,
 * path and status only: the web reads nothing else there once responses go unchecked
 * (web/lib/call-route.ts checks them in development, docs/decisions/0035), but a contract that
 * holds its schemas keeps every one of them, with what they are built from, in the chunk of
 * the first screen that calls the route, built on every load (docs/decisions/0048). With them
 * gone, build/pure-schemas.ts lets the bundler leave out the schemas nothing else reads. The
 * server's build and development keep the whole contracts.
 */
export function contractsWithoutSchemas(): Plugin {
  return {
    name: 'drabble-contracts-without-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      return CONTRACT_MODULE.test(id) ? dropContractSchemas(code, id) : null;
    },
  };
}
