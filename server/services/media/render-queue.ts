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
  /**
   * Made for no one waiting now, while the queue has nothing else to do: an image refused a
   * moment ago, so that the page shows it when it is next asked for.
   */
  background?: boolean;
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
  /** The longest a render may expect to wait (from the recent renders' times) before refusal. */
  maxWaitMs: number;
  /** Background renders kept waiting; more are dropped. */
  maxBackground: number;
}

/** What a render is taken to cost before any has been timed. */
const FIRST_GUESS_MS = 300;
/** How much each render's time moves the running average. */
const SMOOTHING = 0.2;

/**
 * Bounds the CPU-heavy work of making images (generated stones, resized uploads). At most
 * `concurrency` renders run. A render that would wait longer than `maxWaitMs` (judged from the
 * recent renders' times, so a busy machine admits fewer) or find `maxWaiting` ahead of it is
 * refused at once (RenderQueueFullError: 503 with Retry-After) rather than kept for a minute.
 * The next render is chosen in rotation between clients (a burst from one page or crawler cannot
 * hold up another shopper's), and within a client the cheapest first: the small widths a
 * listing's cards need come before a full-screen hero, and shortest-first gives the lowest mean
 * wait. A render whose requests all went away is dropped before it starts. Background renders
 * run only when no one is waiting.
 */
export class RenderQueue {
  private running = 0;
  private waiting = 0;
  private averageMs = FIRST_GUESS_MS;
  /** Waiting jobs by client, in the order clients get their turn. */
  private readonly clients = new Map<string, Job[]>();
  private readonly backgroundJobs: Job[] = [];

  constructor(private readonly options: RenderQueueOptions) {}

  /** Renders running and waiting now (background ones apart). */
  get load(): { running: number; waiting: number; background: number } {
    return {
      running: this.running,
      waiting: this.waiting,
      background: this.backgroundJobs.length,
    };
  }

  /** How long a render queued now may expect to wait. */
  private expectedWaitMs(): number {
    return ((this.waiting + this.running) / this.options.concurrency) * this.averageMs;
  }

  run<T>(task: () => Promise<T>, ticket: RenderTicket): Promise<T> {
    if (ticket.signal?.aborted) return Promise.reject(new RenderAbandonedError());
    if (ticket.background) return this.runInBackground(task);
    if (this.running < this.options.concurrency && this.waiting === 0) return this.execute(task);
    if (this.waiting >= this.options.maxWaiting || this.expectedWaitMs() > this.options.maxWaitMs) {
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

  private runInBackground<T>(task: () => Promise<T>): Promise<T> {
    if (this.backgroundJobs.length >= this.options.maxBackground) {
      return Promise.reject(new RenderQueueFullError());
    }
    return new Promise<T>((resolve, reject) => {
      this.backgroundJobs.push({ cost: 0, start: () => this.execute(task).then(resolve, reject) });
      this.next();
    });
  }

  private async execute<T>(task: () => Promise<T>): Promise<T> {
    this.running++;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs += (performance.now() - started - this.averageMs) * SMOOTHING;
      this.running--;
      this.next();
    }
  }

  /**
   * Starts the next client's cheapest job, and that client goes to the back of the rotation;
   * with no client waiting, the oldest background job.
   */
  private next(): void {
    if (this.running >= this.options.concurrency) return;
    const first = this.clients.entries().next();
    if (first.done) {
      this.backgroundJobs.shift()?.start();
      return;
    }
    const [client, jobs] = first.value;
    const job = jobs.shift()!;
    this.clients.delete(client);
    if (jobs.length > 0) this.clients.set(client, jobs);
    this.waiting--;
    job.start();
  }
}
