import type MagicString from 'magic-string';
import type { SourceMap } from 'magic-string';
import { parseAst } from 'vite';

/** An ESTree node as Vite's parseAst gives it, with its place in the source. */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string' && typeof (value as Node).start === 'number';
}

/** The module's top-level statements. */
export function parseProgram(code: string): Node[] {
  return (parseAst(code) as unknown as { body: Node[] }).body;
}

/** A node's child nodes, in source order. */
export function childrenOf(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) => (key === 'type' ? [] : (Array.isArray(value) ? value : [value]).filter(isNode)));
}

/** A build plugin's transform result: the edited code with its source map. */
export function transformResult(code: MagicString, id: string): { code: string; map: SourceMap } {
  return { code: code.toString(), map: code.generateMap({ hires: 'boundary', source: id }) };
}
