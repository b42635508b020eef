/** The queue is full: the answer is a fast 503 with Retry-After, never a long wait. */
export class RenderQueueFullError extends Error {
  constructor() {
    super('Too many images are being made: try again in a moment');
  }
}

/** The request went away before its turn: the render is not started. */
export class RenderAbandonedError extends Error {}

export interface RenderTicket {
  /** Who asked (the client's address): each client gets its turn in rotation. */
  client: string;
  /** What the render costs (its pixels): a client's cheaper renders go first. */
  cost: number;
  /** Aborts when nobody waits for the render any more. */
  signal?: AbortSignal;
}

interface Job {
  cost: number;
  start: () => void;
}

export interface RenderQueueOptions {
  /** Renders at once: about one per core. */
  concurrency: number;
  /** Renders waiting their turn; one more is refused at once. */
  maxWaiting: number;
}

/**
 * Bounds the CPU-heavy work of making images (generated stones, resized uploads). At most
 * `concurrency` renders run; at most `maxWaiting` wait, and one more is refused at once
 * (RenderQueueFullError: 503 with Retry-After) rather than kept for a minute. The next render is
 * chosen in rotation between clients (a burst from one page or crawler cannot hold up another
 * shopper's), and within a client the cheapest first: the small widths a listing's cards need
 * come before a full-screen hero, and shortest-first gives the lowest mean wait. A render whose
 * requests all went away is dropped before it starts.
 */
export class RenderQueue {
  private running = 0;
  private waiting = 0;
  /** Waiting jobs by client, in the order clients get their turn. */
  private readonly clients = new Map<string, Job[]>();

  constructor(private readonly options: RenderQueueOptions) {}

  /** Renders waiting and running now, for the health figures and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  run<T>(task: () => Promise<T>, ticket: RenderTicket): Promise<T> {
    if (ticket.signal?.aborted) return Promise.reject(new RenderAbandonedError());
    if (this.running < this.options.concurrency && this.waiting === 0) return this.execute(task);
    if (this.waiting >= this.options.maxWaiting) {
      return Promise.reject(new RenderQueueFullError());
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const jobs = this.clients.get(ticket.client);
        const at = jobs?.indexOf(job) ?? -1;
        if (at === -1) return;
        jobs!.splice(at, 1);
        if (jobs!.length === 0) this.clients.delete(ticket.client);
        this.waiting--;
        reject(new RenderAbandonedError());
      };
      const job: Job = {
        cost: ticket.cost,
        start: () => {
          ticket.signal?.removeEventListener('abort', onAbort);
          this.execute(task).then(resolve, reject);
        },
      };
      ticket.signal?.addEventListener('abort', onAbort, { once: true });
      const jobs = this.clients.get(ticket.client) ?? [];
      // Kept cheapest first; equal costs in arrival order.
      const at = jobs.findIndex((other) => other.cost > job.cost);
      jobs.splice(at === -1 ? jobs.length : at, 0, job);
      this.clients.set(ticket.client, jobs);
      this.waiting++;
    });
  }

  private async execute<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.next();
    }
  }

  /** Starts the next client's cheapest job; that client goes to the back of the rotation. */
  private next(): void {
    if (this.running >= this.options.concurrency) return;
    const first = this.clients.entries().next();
    if (first.done) return;
    const [client, jobs] = first.value;
    const job = jobs.shift()!;
    this.clients.delete(client);
    if (jobs.length > 0) this.clients.set(client, jobs);
    this.waiting--;
    job.start();
  }
}
