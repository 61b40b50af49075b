import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The top bar says "Favorites" (the product spec's name for the screen and its route), so every
 * text a person reads spells it that way: the app's labels, the server's messages and
 * notifications, the export's read-me. Comments may say what they like; only strings count.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['web', 'common', 'server'];
const BRITISH = /favourit/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.test-support\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every string literal, template text and JSX text in the file that spells it the British way. */
function britishTexts(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  // Most files never use the word: only those are parsed.
  if (!BRITISH.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      const at = node.text.search(BRITISH);
      if (at >= 0) found.push(`${path.relative(root, file)}: …${node.text.slice(Math.max(0, at - 30), at + 30)}…`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the spelling of favorites', () => {
  it('is "favorite" in every text of the app, its server and its shared code', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
    // The scan reads the sources it means to: the top bar's label is among them.
    expect(files.some((file) => file.endsWith(path.join('web', 'app', 'nav', 'nav-items.ts')))).toBe(true);
    expect(files.flatMap(britishTexts)).toEqual([]);
    // It parses every source file that names the word: the timeout guards against a hang, not
    // a measure of speed (a loaded machine took over 5 s).
  }, 60_000);
});
