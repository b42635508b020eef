import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../typescript-worker.ts';
import type { StoneColour, StoneMaterial } from './stone-image.ts';
import type { TexturePainter } from './stone-image.ts';

export interface PaintJob {
  id: number;
  material: StoneMaterial;
  colour: StoneColour;
  seed: number;
  width: number;
  height: number;
}

export interface PaintDone {
  id: number;
  rgb?: Uint8Array;
  error?: string;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, { resolve(rgb: Uint8Array): void; reject(error: Error): void }>;
}

/**
 * Threads that paint stone textures, so that a burst of new images never holds up the thread
 * answering pages: each job goes to the thread with the fewest jobs. Threads start with the first
 * job, keep the process alive only while they have work, and one that died is started again.
 */
export class PaintThreads {
  private readonly threads: (Thread | null)[];
  private lastId = 0;

  constructor(
    size: number,
    private readonly module = new URL('./paint-worker.ts', import.meta.url),
  ) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => null);
  }

  readonly paint: TexturePainter = (material, colour, seed, width, height) => {
    const index = this.leastBusy();
    const thread = (this.threads[index] ??= this.start(index));
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      if (thread.jobs.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, material, colour, seed, width, height } satisfies PaintJob);
    });
  };

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread?.worker.terminate()));
  }

  private leastBusy(): number {
    let best = 0;
    this.threads.forEach((thread, index) => {
      if ((thread?.jobs.size ?? 0) < (this.threads[best]?.jobs.size ?? 0)) best = index;
    });
    return best;
  }

  private start(index: number): Thread {
    const worker = startTypeScriptWorker(this.module);
    worker.unref();
    const thread: Thread = { worker, jobs: new Map() };
    worker.on('message', ({ id, rgb, error }: PaintDone) => {
      const job = thread.jobs.get(id);
      thread.jobs.delete(id);
      if (thread.jobs.size === 0) worker.unref();
      if (rgb) job?.resolve(rgb);
      else job?.reject(new Error(error));
    });
    const fail = (error: Error) => {
      if (this.threads[index] !== thread) return;
      this.threads[index] = null;
      for (const job of thread.jobs.values()) job.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A painting thread stopped (exit code ${code})`)));
    return thread;
  }
}
