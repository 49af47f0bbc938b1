/**
 * Load helpers for the HTTP benchmarks: autocannon in short interleaved slices, so that the
 * machine's drifting load (other processes share its cores) hits every contender alike.
 */
import os from 'node:os';
// autocannon ships no types; the few parts used here are typed in ./autocannon.d.ts.
import autocannon from 'autocannon';

export interface Contender {
  name: string;
  url: string;
  /** autocannon request sequence; default: GET url with the given headers. */
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
  /** A load of its own instead of autocannon: runs for about `ms` with `connections` and counts. */
  run?: (ms: number, connections: number, latencies: number[]) => Promise<Counts>;
}

export interface Counts {
  requests: number;
  non2xx: number;
  errors: number;
}

/** CPU spent so far by the server process and by PostgreSQL (null: not measurable), microseconds. */
export type CpuProbe = () => Promise<{ node: number; pg: number | null }>;

export interface Figures {
  name: string;
  /** Server CPU per request, microseconds (undefined without a probe). */
  nodeUs?: number;
  pgUs?: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

export const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One autocannon run of `ms` milliseconds; every response's latency goes into `latencies`. */
function slice(c: Contender, connections: number, ms: number, latencies: number[]): Promise<Counts> {
  if (c.run) return c.run(ms, connections, latencies);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: c.url,
        connections,
        duration: ms / 1000,
        headers: c.headers,
        requests: c.requests,
        timeout: 10,
      },
      (err, r) => (err ? reject(err) : resolve({ requests: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts })),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
}

/**
 * Runs the contenders in turns of `sliceMs` each, `seconds` in total per contender, with
 * `connections` connections. Each figure is a contender's count over its own time; the latency
 * percentiles are over all its responses.
 */
export async function interleaved(
  contenders: Contender[],
  opts: { connections: number; seconds: number; sliceMs: number; cpu?: CpuProbe },
): Promise<Figures[]> {
  const acc = contenders.map(() => ({ requests: 0, non2xx: 0, errors: 0, ms: 0, latencies: [] as number[], node: 0, pg: 0 as number | null }));
  const slices = Math.max(1, Math.round((opts.seconds * 1000) / opts.sliceMs));
  for (let k = 0; k < slices; k++) {
    for (let j = 0; j < contenders.length; j++) {
      const i = (k + j) % contenders.length;
      const c = contenders[i]!;
      const a = acc[i]!;
      const before = await opts.cpu?.();
      const started = performance.now();
      const r = await slice(c, opts.connections, opts.sliceMs, a.latencies);
      a.ms += performance.now() - started;
      const after = await opts.cpu?.();
      if (before && after) {
        a.node += after.node - before.node;
        a.pg = a.pg === null || before.pg === null || after.pg === null ? null : a.pg + after.pg - before.pg;
      }
      a.requests += r.requests;
      a.non2xx += r.non2xx;
      a.errors += r.errors;
    }
  }
  return contenders.map((c, i) => {
    const a = acc[i]!;
    const sorted = a.latencies.sort((x, y) => x - y);
    return {
      name: c.name,
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
      seconds: a.ms / 1000,
      rps: a.requests / (a.ms / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
      ...(opts.cpu ? { nodeUs: a.node / Math.max(1, a.requests), pgUs: a.pg === null ? null : a.pg / Math.max(1, a.requests) } : {}),
    };
  });
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** A markdown table row per figure, with the ratio to the baseline's req/s. */
export function table(figures: Figures[], baseline?: Figures): string {
  const cpu = figures.some((f) => f.nodeUs !== undefined);
  const head =
    '| route | req/s | p50 ms | p99 ms | max ms | ratio to hello-world | requests | non-2xx | errors |' +
    (cpu ? ' server CPU per request: node + PostgreSQL (us) |\n|---|---|---|---|---|---|---|---|---|---|' : '\n|---|---|---|---|---|---|---|---|---|');
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${fmt(f.rps)} | ${fmt(f.p50, 1)} | ${fmt(f.p99, 1)} | ${fmt(f.max, 1)} | ${baseline ? `${fmt((100 * f.rps) / baseline.rps)} %` : '-'} | ${f.requests} | ${f.non2xx} | ${f.errors} |` +
      (cpu ? ` ${fmt(f.nodeUs ?? NaN)} + ${f.pgUs === null || f.pgUs === undefined ? '-' : fmt(f.pgUs)} |` : ''),
  );
  return [head, ...rows].join('\n');
}

/** A GET contender (autocannon) with optional headers. */
export const getContender = (name: string, url: string, headers?: Record<string, string>): Contender => ({ name, url, headers });

/**
 * The read contenders both API benchmarks measure: the floors (on the hello-world server), then the
 * public list (`teachers`), the student's reads (`cookie`) and a teacher's availability over 60 days.
 */
export function readContenders(o: { hello: string; app: string; cookie: string; availability60: string; teachers?: boolean }): Contender[] {
  const signedIn = { cookie: o.cookie };
  return [
    getContender('floor: Fastify + 1 PostgreSQL round trip (SELECT 1)', o.hello + '/pg1'),
    getContender('floor: Fastify + 2 PostgreSQL round trips', o.hello + '/pg2'),
    ...(o.teachers === false ? [] : [getContender('GET /api/teachers (public)', o.app + '/api/teachers')]),
    getContender('GET /api/dashboard/stats (student)', o.app + '/api/dashboard/stats', signedIn),
    getContender('GET /api/bookings (student)', o.app + '/api/bookings', signedIn),
    getContender('GET /api/hour-packages (student)', o.app + '/api/hour-packages', signedIn),
    getContender('GET /api/availabilities (60 days)', o.app + o.availability60),
  ];
}
