/** Small hand-written SVG charts (no chart library: keeps the bundles small). */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, HStack, Text } from '@chakra-ui/react';
import { intlLocale } from '../../lib/i18n-store.ts';

const H = 200;
// Room for the axis labels, which are drawn at the page's body size (they inherit its font).
const PAD = { l: 52, r: 12, t: 14, b: 34 };
const INK = '#52525b';

function ticks(max: number): number[] {
  const step = max <= 5 ? 1 : Math.ceil(max / 5);
  const out: number[] = [];
  for (let v = 0; v <= max; v += step) out.push(v);
  return out;
}

/**
 * An SVG as wide as its card, drawn in real pixels (not a fixed drawing scaled up or down, whose
 * labels would grow on a desktop and shrink on a phone). Nothing is drawn until the width is known.
 */
function ChartFrame({ label, draw }: { label: string; draw: (width: number) => ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} style={{ width: '100%', height: H }}>
      {width > 0 && (
        <svg width={width} height={H} viewBox={`0 0 ${width} ${H}`} role="img" aria-label={label} style={{ display: 'block', overflow: 'visible' }}>
          {draw(width)}
        </svg>
      )}
    </div>
  );
}

/**
 * A step line of a balance over time; `points` are in time order. A single point (a package bought
 * today, say) is one dot in the middle with its label under it.
 */
export function StepChart({ points, title, unit }: { points: { at: string; value: number; label: string }[]; title: string; unit: string }) {
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const t0 = Date.parse(first.at);
  const t1 = Date.parse(last.at);
  const max = Math.max(1, ...points.map((p) => p.value));
  const y = (v: number) => H - PAD.b - (v / max) * (H - PAD.t - PAD.b);
  const summary = points.map((p) => `${p.label}: ${p.value} ${unit}`).join('; ');
  return (
    <ChartFrame
      label={`${title}. ${summary}`}
      draw={(W) => {
        const x = (at: string) => (t1 > t0 ? PAD.l + ((Date.parse(at) - t0) / (t1 - t0)) * (W - PAD.l - PAD.r) : (PAD.l + W - PAD.r) / 2);
        let d = `M ${x(first.at)} ${y(first.value)}`;
        for (let i = 1; i < points.length; i++) d += ` H ${x(points[i]!.at)} V ${y(points[i]!.value)}`;
        return (
          <>
            {ticks(max).map((v) => (
              <g key={v}>
                <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke="#e4e4e7" />
                <text x={PAD.l - 8} y={y(v)} dominantBaseline="middle" textAnchor="end" fill={INK}>
                  {v}
                </text>
              </g>
            ))}
            {points.length > 1 && <path d={d} fill="none" stroke="#15803d" strokeWidth="3" />}
            {points.map((p, i) => (
              <circle key={i} cx={x(p.at)} cy={y(p.value)} r="5" fill="#15803d">
                <title>{`${p.label}: ${p.value} ${unit}`}</title>
              </circle>
            ))}
            {points.length === 1 ? (
              <text x={x(first.at)} y={H - 8} fill={INK} textAnchor="middle">
                {first.label}
              </text>
            ) : (
              <>
                <text x={PAD.l} y={H - 8} fill={INK}>
                  {first.label}
                </text>
                <text x={W - PAD.r} y={H - 8} fill={INK} textAnchor="end">
                  {last.label}
                </text>
              </>
            )}
          </>
        );
      }}
    />
  );
}

/** Gridline values from 0 to at least `max`: whole steps of 1, 2 or 5 times a power of ten, 4 or 5 of them (a scale read at a glance). */
export function niceTicks(max: number): number[] {
  const raw = Math.max(max, 4) / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw)!;
  const out: number[] = [];
  for (let v = 0; out.length < 2 || out[out.length - 1]! < max; v += step) out.push(v);
  return out;
}

/**
 * The month axis's labels for labels like "Sep 2026", drawn `width` px wide: as many months as fit (a label at
 * body size needs about 80 px): every month, or every second, third...; the year only on the first one named
 * and where it changes ("Sep 2026", "Nov", "Jan 2027"); null where a month is not named.
 */
export function monthAxisLabels(labels: string[], width: number): (string | null)[] {
  const every = Math.max(1, Math.ceil((labels.length * 80) / Math.max(width, 1)));
  const year = (i: number) => labels[i]!.split(' ')[1];
  return labels.map((label, i) => {
    if (i % every !== 0) return null;
    return every === 1 || i === 0 || year(i) !== year(i - every) ? label : label.split(' ')[0]!;
  });
}

/** A euro amount on an axis or in a tooltip, in the active language: "€1,234.5" / "1234,5 €". */
const euro = (v: number) =>
  new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(v);

/** The colours of MonthBars' two series: the teacher's share (first), the school's commission (second). */
export const BAR_COLORS = ['#15803d', '#86efac'] as const;

/**
 * Stacked bars per month, with a y scale: by default the teacher's share and the school's commission in
 * euros. `names` (in the page's language: they are read in the chart's label and tooltips) name the two
 * series; `format` lets other figures (hours, lessons) use it; a zero second series is a plain bar.
 * Labels are "Sep 2026"; past six months the axis names every second (third...) month, with the year
 * under the first one named and wherever the year changes.
 */
export function MonthBars({
  months,
  title,
  names,
  format = euro,
}: {
  months: { label: string; teacher: number; school: number }[];
  title: string;
  names: [string, string];
  format?: (v: number) => string;
}) {
  if (months.length === 0) return null;
  const ticks = niceTicks(Math.max(...months.map((m) => m.teacher + m.school)));
  const top = ticks[ticks.length - 1]!;
  const left = 64; // room for a euro tick label at body size
  const y = (v: number) => H - PAD.b - (v / top) * (H - PAD.t - PAD.b);
  const summary = months.map((m) => `${m.label}: ${names[0]} ${format(m.teacher)}${m.school ? `, ${names[1]} ${format(m.school)}` : ''}`).join('; ');
  return (
    <ChartFrame
      label={`${title}. ${summary}`}
      draw={(W) => {
        const inner = W - left - PAD.r;
        const bw = Math.min(60, (inner / months.length) * 0.6);
        const axis = monthAxisLabels(months.map((m) => m.label), inner);
        return (
          <>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={left} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke={v === 0 ? '#a1a1aa' : '#e4e4e7'} />
                <text x={left - 8} y={y(v)} dominantBaseline="middle" textAnchor="end" fill={INK}>
                  {format(v)}
                </text>
              </g>
            ))}
            {months.map((m, i) => {
              const cx = left + (inner / months.length) * (i + 0.5);
              return (
                <g key={m.label}>
                  <rect x={cx - bw / 2} y={y(m.teacher)} width={bw} height={H - PAD.b - y(m.teacher)} fill={BAR_COLORS[0]}>
                    <title>{`${m.label}: ${names[0]} ${format(m.teacher)}`}</title>
                  </rect>
                  {m.school > 0 && (
                    <rect x={cx - bw / 2} y={y(m.teacher + m.school)} width={bw} height={y(m.teacher) - y(m.teacher + m.school)} fill={BAR_COLORS[1]}>
                      <title>{`${m.label}: ${names[1]} ${format(m.school)}`}</title>
                    </rect>
                  )}
                  {axis[i] && (
                    <text x={cx} y={H - 10} textAnchor="middle" fill={INK}>
                      {axis[i]}
                    </text>
                  )}
                </g>
              );
            })}
          </>
        );
      }}
    />
  );
}

/** The key under MonthBars: a colour swatch and a name for each series (`[colour, name]`). */
export function Legend({ items }: { items: [string, string][] }) {
  return (
    <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
      {items.map(([color, name]) => (
        <HStack key={name} gap="1">
          <Box w="3" h="3" bg={color} borderRadius="sm" /> <Text>{name}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
