/**
 * `<link rel="modulepreload">` in index.html for lazily loaded modules the first screen needs:
 * the login page and the header frame. Without it the browser learns of them only once the entry
 * has downloaded and run (React renders, the route asks for its chunk), one more round trip
 * before anything paints; with it they download alongside the entry. The chunks stay lazy (the
 * budget test in e2e/budgets.spec.ts checks every page is a chunk of its own), and a member who
 * opens another page first fetches a few KB it does not use at once.
 */
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The chunk files `modules` (paths from the project root) need, their static imports included. */
export function chunkFilesOf(bundle: OutputBundle, root: string, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.imports.forEach((file) => {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    });
  };
  for (const module of modules) {
    const id = resolve(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`preloadInIndex: no chunk for ${module}`);
    visit(chunk);
  }
  return [...files];
}

export function preloadInIndex(modules: string[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'tsumugi-preload-in-index',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const tags: HtmlTagDescriptor[] = chunkFilesOf(context.bundle, root, modules)
          // The entry's own imports are preloaded by Vite already.
          .filter((file) => !html.includes(`${base}${file}`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
        return { html, tags };
      },
    },
  };
}
