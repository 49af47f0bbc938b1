/**
 * The top self-time functions of a V8 CPU profile (`npm run bench:api -- --profile` writes them to
 * .bench-profiles/), and the same grouped by package or source folder.
 *
 *   npx tsx tests/bench/profile-top.ts [file.cpuprofile ...] [--top 30] [--window bookings-routes.ts]
 *
 * Without a file: the largest profile in .bench-profiles (the server's main thread). --window keeps
 * only the samples from the first to the last one whose stack has a frame of that file (e.g. the
 * booking loop of `npm run bench:api -- --only bookings --profile`, without the start-up and seeding).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' }, window: { type: 'string' } },
  allowPositionals: true,
});
const dir = '.bench-profiles';
const files = positionals.length
  ? positionals
  : [fs.readdirSync(dir).map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!];

/** Where a frame's code lives: a package name, our workspace folder, or node's internals. */
function origin(url: string): string {
  if (!url) return '(native/gc/idle)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const m = /\/(api|domain|ledger|projections|tests|web)\/src\/(.*)$/.exec(url) ?? /\/(tests)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

for (const file of files) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  let first = 0;
  let last = p.samples.length - 1;
  if (values.window) {
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const marked = new Set<number>();
    for (const n of p.nodes) {
      for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
        if (byId.get(id)!.callFrame.url.includes(values.window)) {
          marked.add(n.id);
          break;
        }
      }
    }
    first = p.samples.findIndex((id) => marked.has(id));
    last = p.samples.findLastIndex((id) => marked.has(id));
    if (first < 0) throw new Error(`No sample has a frame of ${values.window}`);
  }
  const self = new Map<number, number>();
  for (let i = first; i <= last; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const org = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${origin(f.url)}${f.url ? ':' + (f.lineNumber + 1) : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const o = ['(idle)', '(program)', '(garbage collector)'].includes(f.functionName) ? f.functionName : origin(f.url);
    org.set(o, (org.get(o) ?? 0) + us);
  }
  // Total (inclusive) time of our own functions: each sample counts once for every distinct frame of
  // ours on its stack (synchronous stacks only: time after an await belongs to whoever resumed it).
  const parentOf = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const ours = new Map<string, number>();
  for (const [id, us] of self) {
    const keys = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const f = byId.get(n)!.callFrame;
      const o = origin(f.url);
      if (/^(api|domain|ledger|projections)\//.test(o)) keys.add(`${f.functionName || '(anonymous)'}  ${o}:${f.lineNumber + 1}`);
    }
    for (const k of keys) ours.set(k, (ours.get(k) ?? 0) + us);
  }
  const top = Number(values.top);
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`# ${file}: ${(total / 1e6).toFixed(2)} s sampled\n\n## Self time by function`);
  for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  console.log('\n## Total time of our own functions (synchronous part)');
  for (const [k, us] of [...ours].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  console.log('\n## Self time by package or source file');
  for (const [k, us] of [...org].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  console.log();
}
