import { describe, expect, it } from 'vitest';
import {
  RenderAbandonedError,
  RenderQueue,
  RenderQueueFullError,
  type RenderQueueOptions,
} from '#server/services/media/render-queue.ts';

/** A render that finishes when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const queueOf = (options: Partial<RenderQueueOptions>) =>
  new RenderQueue({
    concurrency: 1,
    maxWaiting: Infinity,
    maxWaitMs: Infinity,
    maxBackground: 0,
    ...options,
  });

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderQueue', () => {
  it('runs at most `concurrency` renders, and refuses one past the waiting limit at once', async () => {
    const queue = queueOf({ concurrency: 2, maxWaiting: 2 });
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const runs = gates.map((g, i) => queue.run(g.task, { client: 'x', cost: i }));
    await expect(queue.run(async () => 'e', { client: 'x', cost: 0 })).rejects.toBeInstanceOf(
      RenderQueueFullError,
    );
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ running: 2, waiting: 2, background: 0 });
    gates[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const g of gates) g.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.load).toEqual({ running: 0, waiting: 0, background: 0 });
  });

  it('serves waiting clients in turn, each one’s cheapest render first', async () => {
    const queue = queueOf({ concurrency: 1, maxWaiting: 100 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = queue.run(first.task, { client: 'crawler', cost: 1 });
    const order: Promise<string>[] = [];
    // A crawler asks for six large images, then a shopper for two small ones.
    for (const n of [1, 2, 3, 4, 5, 6]) {
      order.push(queue.run(async () => `crawler-${n}`, { client: 'crawler', cost: 1000 * n }));
    }
    order.push(queue.run(async () => 'shopper-big', { client: 'shopper', cost: 900 }));
    order.push(queue.run(async () => 'shopper-small', { client: 'shopper', cost: 100 }));
    const finished: string[] = [];
    for (const run of order) void run.then((name) => finished.push(name));
    first.finish();
    await running;
    await Promise.all(order);
    expect(finished).toEqual([
      'crawler-1',
      'shopper-small',
      'crawler-2',
      'shopper-big',
      'crawler-3',
      'crawler-4',
      'crawler-5',
      'crawler-6',
    ]);
  });

  it('drops a waiting render whose request went away, and never starts it', async () => {
    const queue = queueOf({ concurrency: 1, maxWaiting: 10 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = queue.run(first.task, { client: 'a', cost: 1 });
    const gone = new AbortController();
    const abandoned = queue.run(async () => started.push('abandoned'), {
      client: 'b',
      cost: 1,
      signal: gone.signal,
    });
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(RenderAbandonedError);
    expect(queue.load).toEqual({ running: 1, waiting: 0, background: 0 });
    first.finish();
    await running;
    expect(started).toEqual(['first']);
    await expect(
      queue.run(async () => 'late', { client: 'c', cost: 1, signal: gone.signal }),
    ).rejects.toBeInstanceOf(RenderAbandonedError);
  });

  it('passes a failed render on, and runs the next', async () => {
    const queue = queueOf({ concurrency: 1, maxWaiting: 10 });
    const failing = queue.run(() => Promise.reject(new Error('broken image')), {
      client: 'a',
      cost: 1,
    });
    const next = queue.run(async () => 'next', { client: 'a', cost: 2 });
    await expect(failing).rejects.toThrow('broken image');
    expect(await next).toBe('next');
  });

  it('refuses a render that would wait longer than allowed, judged by the renders’ times', async () => {
    // Before any render is timed, one is taken to cost 300 ms: with one running, three can wait
    // within a second, and a fourth would wait 1.2 s.
    const queue = queueOf({ concurrency: 1, maxWaitMs: 1_000 });
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const runs = gates.map((g) => queue.run(g.task, { client: 'x', cost: 1 }));
    await expect(queue.run(async () => 'e', { client: 'y', cost: 1 })).rejects.toBeInstanceOf(
      RenderQueueFullError,
    );
    for (const g of gates) g.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('makes background renders only when no request waits, and keeps a bounded number', async () => {
    const queue = queueOf({ concurrency: 1, maxBackground: 1 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = queue.run(first.task, { client: 'a', cost: 1 });
    const background = queue.run(async () => started.push('background'), {
      client: '',
      cost: 1,
      background: true,
    });
    await expect(
      queue.run(async () => 'dropped', { client: '', cost: 1, background: true }),
    ).rejects.toBeInstanceOf(RenderQueueFullError);
    const asked = queue.run(async () => started.push('asked'), { client: 'b', cost: 9 });
    expect(queue.load).toEqual({ running: 1, waiting: 1, background: 1 });
    first.finish();
    await Promise.all([running, background, asked]);
    expect(started).toEqual(['first', 'asked', 'background']);
  });
});
