/**
 * Summarises a V8 CPU profile (.cpuprofile, e.g. from `npm run bench:api -- --profile`): the top
 * functions by self time and by inclusive time (a function counted once per sample even when it
 * recurses), and optionally the top self time under a function whose name matches --under.
 *
 *   npx tsx tests/bench/profile-summary.ts .bench-profiles/CPU.*.cpuprofile [--top 40] [--under name]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, under: { type: 'string' } },
});
const TOP = Number(args.top);

for (const file of positionals) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => {
    const f = n.callFrame;
    const url = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '~/').replace(/.*\/read-path\//, '');
    return `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
  };
  /** A package (node_modules/<name>), one of our folders (api/src/platform...), node's own, or a native/VM entry. */
  const group = (n: Node) => {
    const url = n.callFrame.url;
    const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (m) return m[1]!;
    const ours = url.match(/\/((?:api|domain|ledger|projections|tests)\/src\/[^/]+)/);
    if (ours) return ours[1]!;
    if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
    return n.callFrame.functionName || '(native)';
  };
  const byGroup = new Map<string, number>();
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const underSelf = new Map<string, number>();
  let total = 0;
  let underTotal = 0;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const leaf = byId.get(id)!;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
    byGroup.set(group(leaf), (byGroup.get(group(leaf)) ?? 0) + dt);
    const seen = new Set<string>();
    let under = false;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (args.under && byId.get(cur)!.callFrame.functionName.includes(args.under)) under = true;
      if (seen.has(l)) continue;
      seen.add(l);
      incl.set(l, (incl.get(l) ?? 0) + dt);
    }
    if (under) {
      underTotal += dt;
      underSelf.set(label(leaf), (underSelf.get(label(leaf)) ?? 0) + dt);
    }
  });
  const show = (title: string, m: Map<string, number>, of: number) => {
    console.log(`\n## ${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / of).toFixed(1).padStart(5)} %  ${k}`);
  };
  console.log(`# ${file}: ${(total / 1e6).toFixed(2)} s sampled`);
  show('self time by package or folder', byGroup, total);
  show('self time', self, total);
  show('inclusive time', incl, total);
  if (args.under) show(`self time under ${args.under} (${(underTotal / 1000).toFixed(0)} ms)`, underSelf, underTotal);
}
