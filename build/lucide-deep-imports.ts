import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { Pencil, Trash } from 'lucide-react'` in our code into one import per
 * icon file (`lucide-react/icons/pencil`), at build time only.
 *
 * Tree-shaking already drops the icons nobody uses; what the barrel file spoils is the module
 * graph: every icon hangs off one module the first load imports, so an icon only screens use
 * looks like part of the first load to `sharedScreenChunk` (build/shared-screen-chunk.ts) and
 * becomes a file of its own, fetched by its own request. Imported directly, each icon sits
 * where it is used.
 */
const BARREL_EXPORT = /export \{ ([^}]+) \} from '\.\/icons\/([^']+)\.mjs';/g;
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;

function iconFiles(): Map<string, string> {
  const barrel = createRequire(import.meta.url).resolve('lucide-react').replace(/[\\/]cjs[\\/]lucide-react\.js$/, `${path.sep}esm${path.sep}lucide-react.mjs`);
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of fs.readFileSync(barrel, 'utf8').matchAll(BARREL_EXPORT)) {
    for (const name of names.split(',').map((n) => n.trim().replace(/^default as /, ''))) files.set(name, file);
  }
  return files;
}

export function lucideDeepImports(): Plugin {
  let files = new Map<string, string>();
  return {
    name: 'drabble-lucide-deep-imports',
    apply: 'build',
    buildStart() {
      files = iconFiles();
      if (files.size === 0) this.error('lucide-react: no icon exports found in its ES module barrel');
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || !code.includes('lucide-react')) return null;
      const rewritten = code.replace(BARREL_IMPORT, (whole, list: string) => {
        const kept: string[] = [];
        const direct: string[] = [];
        for (const specifier of list.split(',').map((s) => s.trim()).filter(Boolean)) {
          const [name = '', alias = name] = specifier.split(/\s+as\s+/);
          const file = specifier.startsWith('type ') ? undefined : files.get(name);
          if (file) direct.push(`import ${alias} from 'lucide-react/icons/${file}';`);
          else kept.push(specifier);
        }
        if (direct.length === 0) return whole;
        return [...direct, ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : [])].join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
