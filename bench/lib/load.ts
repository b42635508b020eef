import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  /** Latencies of the 2xx answers, in fractions of a millisecond. */
  p50: number;
  p99: number;
  mean: number;
  /** Mean bytes of an answer as received, headers included. */
  answerBytes: number;
  /** Client-side errors and timeouts (autocannon's 10 s). */
  errors: number;
  non2xx: number;
  /** The target for this figure, printed beside it. */
  target?: string;
}

export interface LoadOptions {
  name: string;
  url: string;
  /** Paths requested in turn, so a scenario is a spread, not one repeated URL. */
  paths: string[];
  method?: 'GET' | 'POST';
  /** Request bodies in turn (JSON), for POST scenarios. */
  bodies?: unknown[];
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  target?: string;
}

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * The database round-trip floor every API figure is a ratio to: one indexed 12-row SELECT
 * through the server's own pool (the server needs BENCH_ROUTES=true).
 */
export function selectFloorScenario(url: string): LoadOptions {
  return { name: 'SELECT floor (12 rows)', url, paths: ['/api/_bench/select'] };
}

/** The value at or below which `share` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/**
 * Runs autocannon against loopback for a bounded time and keeps the figures we report. Latency
 * percentiles come from every 2xx answer's own time: autocannon's histogram holds whole
 * milliseconds, which cannot tell 0.4 from 1.4 ms apart.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let index = 0;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections ?? CONNECTIONS,
        headers: options.headers,
        duration: options.seconds ?? SECONDS,
        requests: [
          {
            method: options.method ?? 'GET',
            setupRequest: (request) => {
              const i = index++;
              const body = options.bodies?.[i % options.bodies.length];
              return {
                ...request,
                path: options.paths[i % options.paths.length]!,
                ...(body === undefined
                  ? {}
                  : {
                      body: JSON.stringify(body),
                      headers: { ...request.headers, 'content-type': 'application/json' },
                    }),
              };
            },
          },
        ],
      },
      (error: unknown, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    name: options.name,
    rps: result.requests.average,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    mean: times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length),
    answerBytes: result.throughput.average / Math.max(1, result.requests.average),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    target: options.target,
  };
}

/** A latency for the tables: fractions of a millisecond below 10 ms, whole ones above. */
export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

export function table(rows: LoadResult[], ratios: Record<string, number>) {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'client errors',
    ...Object.keys(ratios),
    'target',
  ];
  const lines = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    ms(row.p50),
    ms(row.p99),
    String(row.non2xx),
    String(row.errors),
    ...Object.values(ratios).map((base) => (row.rps / base).toFixed(2)),
    row.target ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join(
    '\n',
  );
}
