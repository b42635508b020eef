import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies of the browser's scripts and styles at the highest levels, once
 * per build, for the static route to send as they are: about an eighth smaller than what the
 * server can afford to compress per request (brotli 5).
 */
function precompressAssets(): Plugin {
  return {
    name: 'tessera:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(options.dir!, name);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The libraries every page's first view runs, in one file: a page then needs a handful of
 * requests rather than thirty (over HTTP/1.1 a browser fetches six at a time). Libraries only a
 * dialog or a form needs (the dialog library, Zod, React Hook Form, the positioning library, the
 * carousel) stay in their own files and load with what uses them.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/;

const ROOT_ROUTE = fileURLToPath(new URL('./app/root.tsx', import.meta.url));

/**
 * The shop's own modules that the root route imports, directly or not: the header, the basket,
 * the footer and what they share. Every page runs all of them, so they travel as one file
 * instead of a dozen one-kilobyte requests.
 */
/** What the root route imports, directly or not, once per chunking pass (its info is reused). */
const rootImports = new WeakMap<ModuleInfo, Set<string>>();

function importedFrom(root: ModuleInfo, context: ChunkingContext): Set<string> {
  let seen = rootImports.get(root);
  if (seen) return seen;
  seen = new Set<string>();
  const pending = [...root.importedIds];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  rootImports.set(root, seen);
  return seen;
}

function shellModule(moduleId: string, context: ChunkingContext): string | null {
  if (moduleId.includes('node_modules')) return null;
  const root = [ROOT_ROUTE, `${ROOT_ROUTE}?__react-router-build-client-route`]
    .map((id) => context.getModuleInfo(id))
    .find((info) => info !== null);
  if (!root) return null;
  return importedFrom(root, context).has(moduleId) ? 'shell' : null;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK },
            { name: shellModule, test: (id) => !id.startsWith(ROOT_ROUTE) },
          ],
        },
      },
    },
  },
});
