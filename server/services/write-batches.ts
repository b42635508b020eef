interface Waiting<T> {
  item: T;
  done(): void;
  failed(error: unknown): void;
}

/**
 * Small writes made together: `write` is called with every item added while its previous call
 * ran, one call at a time, so a burst of one-row updates (a mark per order) becomes a few
 * statements and a quiet moment still writes at once. Each add resolves when its item is
 * written, or rejects with the error of the write that held it.
 */
export function writeInBatches<T>(
  write: (items: T[]) => Promise<unknown>,
): (item: T) => Promise<void> {
  let waiting: Waiting<T>[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<void>((done, failed) => {
      waiting.push({ item, done, failed });
      if (!writing) void drain();
    });
}
