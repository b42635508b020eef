import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on a TypeScript module. On Node 20 a worker gets none of the module
 * loaders of the thread that starts it (neither `--import tsx` nor vitest's), so the worker
 * imports its module through tsx's API: one way that works under the server, the CLIs and tests.
 */
export function startTypeScriptWorker(module: URL): Worker {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(module.href);
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}));`, {
    eval: true,
  });
}
