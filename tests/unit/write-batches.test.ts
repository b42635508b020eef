import { describe, expect, it } from 'vitest';
import { writeInBatches } from '#server/services/write-batches.ts';

/** A write that records its batches and finishes when the test lets it. */
function recordingWrite(fail?: Error) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      pending.push(() => (fail ? reject(fail) : resolve()));
    });
  const finishNext = async () => {
    while (pending.length === 0) await new Promise((r) => setImmediate(r));
    pending.shift()!();
  };
  return { batches, write, finishNext };
}

describe('writeInBatches', () => {
  it('writes the first item at once and the items added meanwhile together', async () => {
    const { batches, write, finishNext } = recordingWrite();
    const add = writeInBatches(write);
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    expect(batches).toEqual([[1]]);
    await finishNext();
    await first;
    await finishNext();
    await Promise.all(rest);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    const later = add(5);
    await finishNext();
    await later;
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('rejects every item of a failed write with its error, and goes on writing', async () => {
    const failure = new Error('database gone');
    const failing = recordingWrite(failure);
    const add = writeInBatches(failing.write);
    const first = add(1);
    const second = add(2);
    await failing.finishNext();
    await expect(first).rejects.toBe(failure);
    await failing.finishNext();
    await expect(second).rejects.toBe(failure);
    expect(failing.batches).toEqual([[1], [2]]);
  });
});
