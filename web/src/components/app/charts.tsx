/** Small hand-written SVG charts (no chart library: keeps the bundles small). */

const W = 420;
const H = 180;
const PAD = { l: 34, r: 10, t: 12, b: 30 };
const FONT = 11;

function ticks(max: number): number[] {
  const step = max <= 5 ? 1 : Math.ceil(max / 5);
  const out: number[] = [];
  for (let v = 0; v <= max; v += step) out.push(v);
  return out;
}

/** A step line of a balance over time; `points` are in time order. */
export function StepChart({ points, title, unit }: { points: { at: string; value: number; label: string }[]; title: string; unit: string }) {
  if (points.length === 0) return null;
  const t0 = Date.parse(points[0]!.at);
  const t1 = Math.max(Date.parse(points[points.length - 1]!.at), t0 + 1);
  const max = Math.max(1, ...points.map((p) => p.value));
  const x = (at: string) => PAD.l + ((Date.parse(at) - t0) / (t1 - t0)) * (W - PAD.l - PAD.r);
  const y = (v: number) => H - PAD.b - (v / max) * (H - PAD.t - PAD.b);
  let d = `M ${x(points[0]!.at)} ${y(points[0]!.value)}`;
  for (let i = 1; i < points.length; i++) d += ` H ${x(points[i]!.at)} V ${y(points[i]!.value)}`;
  const summary = points.map((p) => `${p.label}: ${p.value} ${unit}`).join('; ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${title}. ${summary}`} style={{ maxHeight: 260 }}>
      {ticks(max).map((v) => (
        <g key={v}>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke="#e4e4e7" />
          <text x={PAD.l - 6} y={y(v) + 4} textAnchor="end" fontSize={FONT} fill="#52525b">
            {v}
          </text>
        </g>
      ))}
      <path d={d} fill="none" stroke="#15803d" strokeWidth="3" />
      {points.map((p, i) => (
        <circle key={i} cx={x(p.at)} cy={y(p.value)} r="4" fill="#15803d">
          <title>{`${p.label}: ${p.value} ${unit}`}</title>
        </circle>
      ))}
      <text x={PAD.l} y={H - 8} fontSize={FONT} fill="#52525b">
        {points[0]!.label}
      </text>
      <text x={W - PAD.r} y={H - 8} fontSize={FONT} fill="#52525b" textAnchor="end">
        {points[points.length - 1]!.label}
      </text>
    </svg>
  );
}

/** Stacked bars per month: the teacher's share and the school's commission. */
export function MonthBars({ months, title }: { months: { label: string; teacher: number; school: number }[]; title: string }) {
  if (months.length === 0) return null;
  const max = Math.max(1, ...months.map((m) => m.teacher + m.school));
  const inner = W - PAD.l - PAD.r;
  const bw = Math.min(60, (inner / months.length) * 0.6);
  const y = (v: number) => H - PAD.b - (v / max) * (H - PAD.t - PAD.b);
  const summary = months.map((m) => `${m.label}: teacher €${m.teacher.toFixed(2)}, school €${m.school.toFixed(2)}`).join('; ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${title}. ${summary}`} style={{ maxHeight: 260 }}>
      <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} stroke="#a1a1aa" />
      <text x={PAD.l - 6} y={y(max) + 4} textAnchor="end" fontSize={FONT} fill="#52525b">
        €{Math.round(max)}
      </text>
      {months.map((m, i) => {
        const cx = PAD.l + (inner / months.length) * (i + 0.5);
        return (
          <g key={m.label}>
            <rect x={cx - bw / 2} y={y(m.teacher)} width={bw} height={H - PAD.b - y(m.teacher)} fill="#15803d">
              <title>{`${m.label}: you €${m.teacher.toFixed(2)}`}</title>
            </rect>
            <rect x={cx - bw / 2} y={y(m.teacher + m.school)} width={bw} height={y(m.teacher) - y(m.teacher + m.school)} fill="#86efac">
              <title>{`${m.label}: school €${m.school.toFixed(2)}`}</title>
            </rect>
            <text x={cx} y={H - 10} textAnchor="middle" fontSize={FONT} fill="#52525b">
              {m.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
