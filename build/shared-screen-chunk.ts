import type { Plugin } from 'vite';
import { CONTRACT_MODULE } from './contracts-without-schemas';

/**
 * One chunk for the code several screens share (components, common schemas and zod, lucide
 * icons, feature APIs), instead of the thirty-odd small files the bundler would otherwise
 * cut it into. Each file on a first visit costs a request, and over HTTP/1.1 a browser opens
 * six connections to a host: thirty small files cost several round trips where one costs
 * one (Lighthouse's simulation counts them too).
 *
 * The chunk takes every module that two or more lazily loaded parts (screens, dialogs) use,
 * with what those import in turn, except:
 * - the first load's modules: one of them in the chunk would make the whole chunk eager;
 * - the dialog and menu libraries, and whatever imports them: they load when a dialog or
 *   menu first opens, which most first visits never do.
 * The plugin works this out from the module graph in `buildEnd`, which runs before chunking.
 *
 * The shared code is cut up along the first load, though: each of `firstLoad`'s groups takes
 * the shared code its parts need that an earlier group has not taken (the pages people land
 * on, then the signed-in shell's parts), and `screens-shared` the rest. A chunk runs all its
 * modules' top-level code when it loads, in one task, and most of that code here builds zod
 * schemas: in one chunk, opening /community built every feature's schemas (moderation, admin,
 * notifications…), the longest task of its first load (docs/decisions/0034).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

const ON_OPEN_ONLY = /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|detect-node-es|get-nonce|tslib|recharts|d3-)/;

/** A chunk of the first load's shared code: `roots` are lazily loaded modules (absolute paths). */
export interface FirstLoadGroup {
  name: string;
  roots: string[];
}

export function sharedScreenChunk({ firstLoad }: { firstLoad: FirstLoadGroup[] }) {
  const shared = new Set<string>();
  /** The app's own first-load modules (web/ and common/, the entry aside): the `app` chunk of vite.config.ts. */
  const eagerModules = new Set<string>();
  /** Which first-load group took each module. */
  const taken = new Map<string, string>();
  const plugin: Plugin = {
    name: 'drabble-shared-screen-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const importsOf = (id: string) => info(id)?.importedIds ?? [];
      const closure = (roots: string[], stop: (id: string) => boolean) => {
        const seen = new Set<string>();
        const queue = roots.filter((id) => !stop(id));
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...importsOf(id).filter((next) => !stop(next)));
        }
        return seen;
      };

      const eager = closure(ids.filter((id) => info(id)?.isEntry), () => false);
      for (const id of eager) if (!info(id)?.isEntry && !id.includes('/node_modules/')) eagerModules.add(id);
      const pullsOnOpenCode = new Map<string, boolean>();
      const pulls = (id: string): boolean => {
        const known = pullsOnOpenCode.get(id);
        if (known !== undefined) return known;
        pullsOnOpenCode.set(id, false); // an import cycle adds nothing new
        const result = ON_OPEN_ONLY.test(id) || importsOf(id).some(pulls);
        pullsOnOpenCode.set(id, result);
        return result;
      };
      const excluded = (id: string) => eager.has(id) || pulls(id);

      // How many lazily loaded parts use each module.
      const lazyRoots = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
      const users = new Map<string, number>();
      for (const root of lazyRoots) {
        for (const id of closure([root], (next) => eager.has(next))) users.set(id, (users.get(id) ?? 0) + 1);
      }
      const sharedRoots = [...users].filter(([id, count]) => count >= 2 && !excluded(id)).map(([id]) => id);
      for (const id of closure(sharedRoots, excluded)) shared.add(id);
      // zod and the modules that build schemas with it stay off the first load (docs/decisions/0049):
      // a first-load module may import one only for what it reads in development (a response
      // schema) or for a schema that is never built; in production nothing of it is left, so
      // the import goes too (route contracts stay: the web build strips their schemas, 0048).
      // A first-load module that used a schema would pull `screens-shared`
      // into the first load, which e2e/bundle-budget.spec.ts refuses.
      const buildsSchemas = (id: string) => ZOD.test(id) || (!CONTRACT_MODULE.test(id) && importsOf(id).some((next) => ZOD.test(next)));
      for (const { name, roots } of firstLoad) {
        const missing = roots.filter((id) => !lazyRoots.has(id));
        if (missing.length > 0) this.error(`not lazily loaded parts: ${missing.join(', ')}`);
        for (const id of closure(roots, (next) => excluded(next) || buildsSchemas(next))) if (shared.has(id) && !taken.has(id)) taken.set(id, name);
      }
    },
  };
  // The bundler would otherwise pull every import of a captured module in too, first-load
  // modules included; the plugin has already chosen the imports that may come.
  const groups = [
    ...firstLoad.map(({ name }) => ({ name, test: (id: string) => taken.get(id) === name, includeDependenciesRecursively: false })),
    { name: 'screens-shared', test: (id: string) => shared.has(id) && !taken.has(id), includeDependenciesRecursively: false },
  ];
  return { plugin, groups, isEager: (id: string) => eagerModules.has(id) };
}
