import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Mean latency, in fractions of a millisecond (p50 and p99 are whole milliseconds). */
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

/** Runs autocannon against loopback for a bounded time and keeps the figures we report. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  let index = 0;
  const result = await autocannon({
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
  });
  return {
    name: options.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    answerBytes: result.throughput.average / Math.max(1, result.requests.average),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    target: options.target,
  };
}

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
    String(row.p50),
    String(row.p99),
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
