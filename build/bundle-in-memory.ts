import { rolldown, type Plugin } from 'rolldown';

/**
 * For the build plugins' tests: bundles `files` (name → source; `entry.ts` first) with rolldown,
 * zod left outside, and returns the one chunk's code. Each file's id is `dir` + its name, so a
 * plugin that looks at the path (common/contracts/…) sees where it would stand in the project.
 */
export async function bundleInMemory(files: Record<string, string>, plugins: Plugin[], dir = '/app/'): Promise<string> {
  const memory: Plugin = {
    name: 'memory',
    resolveId: (source) => {
      const name = source.replace('./', '');
      return name in files ? `${dir}${name}` : null;
    },
    load: (id) => (id.startsWith(dir) ? (files[id.slice(dir.length)] ?? null) : null),
  };
  const build = await rolldown({ input: './entry.ts', external: ['zod'], plugins: [memory, ...plugins] });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output[0].code;
}
