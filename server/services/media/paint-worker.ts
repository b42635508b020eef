// A painting thread: paints stone textures (pure JavaScript, 40-120 ms each) off the thread that
// answers requests. Jobs come in as PaintJob, textures go back as PaintDone (see paint-threads.ts).
import { parentPort } from 'node:worker_threads';
import type { PaintDone, PaintJob } from './paint-threads.ts';
import { paintStoneTexture } from './stone-textures.ts';

parentPort!.on('message', (job: PaintJob) => {
  let done: PaintDone;
  try {
    const rgb = paintStoneTexture(job.material, job.colour, job.seed, job.width, job.height);
    done = { id: job.id, rgb };
  } catch (error) {
    done = { id: job.id, error: String(error) };
  }
  parentPort!.postMessage(done, done.rgb ? [done.rgb.buffer as ArrayBuffer] : []);
});
