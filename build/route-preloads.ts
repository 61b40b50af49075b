import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Written next to index.html: which built files each client route needs first. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  /** A React Router path, joined from its parents: '/', '/community', '/story/:id/:mode?', '/admin/audit'. */
  pattern: string;
  /** The screen's chunk and every chunk it imports statically, as URLs ('/assets/…js'). */
  files: string[];
}

interface LazyRoute {
  pattern: string;
  /** The screen module as router.tsx imports it, resolved to an absolute path without extension. */
  module: string;
}

const joinPath = (parent: string, child: string) => `${parent.replace(/\/$/, '')}/${child}`.replace(/\/+/g, '/');

function propertyOf(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) return property.initializer;
  }
  return undefined;
}

/** The first `import('…')` inside a route's `lazy` function. */
function importedModule(node: ts.Node): string | null {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [source] = node.arguments;
    return source && ts.isStringLiteral(source) ? source.text : null;
  }
  return ts.forEachChild(node, importedModule) ?? null;
}

/** `y.map(…)` or `y(…).map(…)`: the expression whose routes are mapped; else undefined. */
function mappedArray(expression: ts.Node): ts.Expression | undefined {
  if (!ts.isCallExpression(expression) || !ts.isPropertyAccessExpression(expression.expression)) return undefined;
  return expression.expression.name.text === 'map' ? expression.expression.expression : undefined;
}

/**
 * Reads the route tables (web/app/router.tsx, and web/app/admin-routes.tsx whose routes the
 * router adds on the way) and lists each lazy screen with its full path. Read from the source so
 * the tables stay the one place routes live.
 */
export function lazyRoutesOf(routeFiles: readonly string[]): LazyRoute[] {
  return routeFiles.flatMap(lazyRoutesOfFile);
}

/**
 * One table: object literals with `path`, `index`, `lazy` and `children`, and spreads of other
 * route arrays declared in the file, as arrays or as functions returning one. Its root is the
 * `routes` array, or else every route object the file declares (each under '/').
 */
function lazyRoutesOfFile(routerFile: string): LazyRoute[] {
  const source = ts.createSourceFile(routerFile, fs.readFileSync(routerFile, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  const mapped = new Map<string, ts.Expression>();
  // `const x = [...]`, or `const x = (…) => [...]` for a table built with arguments.
  const objects: ts.ObjectLiteralExpression[] = [];
  source.forEachChild(function collect(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = ts.isArrowFunction(node.initializer) ? node.initializer.body : node.initializer;
      if (ts.isArrayLiteralExpression(value)) arrays.set(node.name.text, value);
      else if (ts.isObjectLiteralExpression(value)) objects.push(value);
      // `const x = (…) => y(…).map(…)`: the same routes as y's, each marked (a handle, say).
      else if (mappedArray(value)) mapped.set(node.name.text, mappedArray(value)!);
    }
    node.forEachChild(collect);
  });
  /** The array a spread or `children` names: an identifier, or a call of one, or a `.map` of either. */
  const arrayNamed = (expression: ts.Expression): ts.ArrayLiteralExpression | undefined => {
    const inner = mappedArray(expression);
    if (inner) return arrayNamed(inner);
    const name = ts.isCallExpression(expression) ? expression.expression : expression;
    if (!ts.isIdentifier(name)) return undefined;
    const alias = mapped.get(name.text);
    return arrays.get(name.text) ?? (alias ? arrayNamed(alias) : undefined);
  };
  const routes: LazyRoute[] = [];
  const visitArray = (array: ts.ArrayLiteralExpression, parent: string) => {
    for (const element of array.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = arrayNamed(element.expression);
        if (spread) visitArray(spread, parent);
      } else if (ts.isObjectLiteralExpression(element)) {
        visitRoute(element, parent);
      }
    }
  };
  const visitRoute = (route: ts.ObjectLiteralExpression, parent: string) => {
    const pathExpression = propertyOf(route, 'path');
    const own = pathExpression && ts.isStringLiteral(pathExpression) ? joinPath(parent, pathExpression.text) : parent;
    const lazy = propertyOf(route, 'lazy');
    const imported = lazy ? importedModule(lazy) : null;
    if (imported) routes.push({ pattern: own, module: path.resolve(path.dirname(routerFile), imported) });
    const children = propertyOf(route, 'children');
    const childArray = children && (ts.isArrayLiteralExpression(children) ? children : arrayNamed(children));
    if (childArray) visitArray(childArray, own);
  };
  const root = arrays.get('routes');
  if (root) visitArray(root, '/');
  else for (const route of objects) visitRoute(route, '/');
  if (routes.length === 0) throw new Error(`${routerFile} declares no lazy route`);
  return routes;
}

/** A chunk's file and every file it imports statically, depth first, each once. */
function withStaticImports(chunk: OutputChunk, bundle: OutputBundle, base: string): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const imported = bundle[fileName];
    if (imported?.type === 'chunk') imported.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files].map((file) => `${base}${file}`);
}

/**
 * After the build, writes dist/web/route-preloads.json: for each lazy route of router.tsx, the
 * screen's chunk and its static imports. The server adds them to index.html as
 * <link rel="modulepreload"> for the page asked for (server/static.ts), so they download in
 * the first wave with the entry instead of after it has run.
 */
export function routePreloads(routeFiles: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'drabble-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const withoutExtension = (id: string) => id.replace(/\.[cm]?[jt]sx?$/, '');
      const preloads: RoutePreload[] = lazyRoutesOf(routeFiles).map(({ pattern, module }) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId && withoutExtension(candidate.facadeModuleId) === module);
        if (!chunk) throw new Error(`No chunk for the screen ${module} (route ${pattern})`);
        return { pattern, files: withStaticImports(chunk, bundle, base) };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
