/**
 * A small Prometheus registry (counters, histograms, gauges read on scrape) writing the text
 * exposition format 0.0.4. Enough for our handful of metrics without a dependency.
 */

type Labels = Record<string, string>;

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function formatLabels(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function formatNumber(n: number): string {
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return Number.isNaN(n) ? 'NaN' : String(n);
}

function key(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

interface Metric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  lines(): Promise<string[]> | string[];
}

export class Counter implements Metric {
  readonly type = 'counter';
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}

  inc(labels: Labels = {}, by = 1): void {
    if (by < 0) throw new Error(`Counter ${this.name} cannot go down`);
    const k = key(labels);
    const entry = this.values.get(k) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(k, entry);
  }

  get(labels: Labels = {}): number {
    return this.values.get(key(labels))?.value ?? 0;
  }

  lines(): string[] {
    return [...this.values.values()].map((e) => `${this.name}${formatLabels(e.labels)} ${formatNumber(e.value)}`);
  }
}

export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Histogram implements Metric {
  readonly type = 'histogram';
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: number[] = DEFAULT_BUCKETS,
  ) {}

  observe(labels: Labels, value: number): void {
    this.labels(labels).observe(value);
  }

  /** The series of `labels`, to observe into without working out its key again (keep it for labels seen often). */
  labels(labels: Labels): { observe(value: number): void } {
    const k = key(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    const series = s;
    const buckets = this.buckets;
    return {
      observe(value: number) {
        for (let i = 0; i < buckets.length; i++) if (value <= buckets[i]!) series.counts[i]!++;
        series.sum += value;
        series.count++;
      },
    };
  }

  lines(): string[] {
    const out: string[] = [];
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) => {
        out.push(`${this.name}_bucket${formatLabels({ ...s.labels, le: formatNumber(le) })} ${s.counts[i]}`);
      });
      out.push(`${this.name}_bucket${formatLabels({ ...s.labels, le: '+Inf' })} ${s.count}`);
      out.push(`${this.name}_sum${formatLabels(s.labels)} ${formatNumber(s.sum)}`);
      out.push(`${this.name}_count${formatLabels(s.labels)} ${s.count}`);
    }
    return out;
  }
}

/** A gauge whose values are read from a source at scrape time (e.g. projection lag). */
export class CallbackGauge implements Metric {
  readonly type = 'gauge';
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => Promise<{ labels: Labels; value: number }[]>,
  ) {}

  async lines(): Promise<string[]> {
    return (await this.read()).map((e) => `${this.name}${formatLabels(e.labels)} ${formatNumber(e.value)}`);
  }
}

export class Registry {
  private readonly metrics: Metric[] = [];

  register<M extends Metric>(metric: M): M {
    if (this.metrics.some((m) => m.name === metric.name)) throw new Error(`Metric ${metric.name} registered twice`);
    this.metrics.push(metric);
    return metric;
  }

  /** The text exposition format; a gauge source that fails is left out rather than failing the scrape. */
  async render(): Promise<string> {
    const blocks: string[] = [];
    for (const m of this.metrics) {
      let lines: string[];
      try {
        lines = await m.lines();
      } catch {
        continue;
      }
      blocks.push(`# HELP ${m.name} ${m.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${m.name} ${m.type}`, ...lines);
    }
    return blocks.join('\n') + '\n';
  }
}
