import type { Plugin, Rollup } from 'vite';

/**
 * Writes `<link rel="modulepreload">` into index.html for what a first visit shows besides the shell: the sign-in
 * screen's chunk and the default language's strings. Without them the browser learns of these files only once the
 * shell has arrived and run, one more round of latency (562.5 ms on "Slow 4G") before the login form (decision 0169).
 * `sources` are module paths relative to src/; the chunk that holds each is preloaded with the chunks it imports.
 */
export function preloadFirstScreen(sources: string[]): Plugin {
  return {
    name: 'olo-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        const inShell = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks(bundle).find((candidate) =>
            candidate.moduleIds.some((id) => id.endsWith(`/src/${source}`)),
          );
          if (!chunk) throw new Error(`preloadFirstScreen: no chunk of src/${source}`);
          for (const file of [chunk.fileName, ...chunk.imports]) if (!inShell.has(file)) files.add(file);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

function chunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}
