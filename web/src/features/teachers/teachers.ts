import { useQuery } from '@tanstack/react-query';
import { euros, num, romeDate } from '../../lib/format.ts';
import { teacherQueries } from './queries.ts';
import { intlLocale, t as tr } from '../../lib/i18n-store.ts';

/** A teacher as GET /api/teachers lists it, and a free slot: the HTTP contracts (domain/src/contracts, docs/api.md). */
import type { Slot, Teacher } from '@parliamo/domain/contracts';

export type { Slot, Teacher };

/** A list fetched this recently was fetched for this mount (preloaded with the page's code). */
const JUST_FETCHED_MS = 2000;

/** The public teacher list; refetched on mount, unless it was fetched for this very mount. */
export function useTeachers() {
  return useQuery({
    ...teacherQueries.teachers(),
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < JUST_FETCHED_MS ? false : 'always'),
  });
}

/** Only teachers both active and approved are shown to visitors. */
export function visibleTeachers(teachers: readonly Teacher[]): Teacher[] {
  return teachers.filter((t) => t.isActive && t.isApproved);
}

/** FNV-1a hash of a string, as an unsigned 32-bit seed. */
function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator of floats in [0, 1). */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The teachers in the order of the day: a Fisher-Yates shuffle seeded by the Rome date, so the order
 * changes every day and stays the same all day, whatever order the server listed them in.
 */
export function dailyShuffle<T extends { id: string }>(items: readonly T[], day: string): T[] {
  const out = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const random = seededRandom(hashSeed(day));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The home page grid: active and approved teachers in today's order, at most 6. */
export function homeGridTeachers(teachers: readonly Teacher[], now: Date): Teacher[] {
  return dailyShuffle(visibleTeachers(teachers), romeDate(now)).slice(0, 6);
}

/** The filters of /teachers: a name search and optional specialization and price band. */
export interface TeacherFilters {
  query: string;
  specialization: string;
  /** "" for any price, else "min-max" in euros per hour, both ends included; either end may be empty. */
  price: string;
}

/** Specializations are typed by teachers: "B2 certification" and "B2 Certification " are the same one. */
export function sameSpecialization(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether the teacher lists this specialization (in any case). */
export function teaches(teacher: Pick<Teacher, 'specializations'>, specialization: string): boolean {
  return teacher.specializations.some((s) => sameSpecialization(s, specialization));
}

const rateOf = (t: Pick<Teacher, 'hourlyRate'>) => num(t.hourlyRate);

/** The lowest hourly rate among these teachers, or null when there are none. */
export function lowestRate(teachers: readonly Pick<Teacher, 'hourlyRate'>[]): number | null {
  return teachers.length ? Math.min(...teachers.map(rateOf)) : null;
}

/** A "min-max" price band read back: either end may be missing. */
function parseBand(value: string): { min: number; max: number } | null {
  const m = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/.exec(value);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return { min: m[1] === undefined ? -Infinity : Number(m[1]), max: m[2] === undefined ? Infinity : Number(m[2]) };
}

/** `value` when it is a price band ("min-max"), else "" (any price). */
export function priceBandOrAny(value: string): string {
  return parseBand(value) ? value : '';
}

/** How a band reads: "Up to €26/hour", "€27 to €30/hour", "€31/hour and over", "€28/hour". */
export function priceBandLabel(value: string): string {
  const band = parseBand(value);
  if (!band) return tr('public.priceBand.any');
  const { min, max } = band;
  if (min === -Infinity) return tr('public.priceBand.upTo', { max: euros(max) });
  if (max === Infinity) return tr('public.priceBand.andOver', { min: euros(min) });
  return min === max ? tr('public.priceBand.exactly', { price: euros(min) }) : tr('public.priceBand.between', { min: euros(min), max: euros(max) });
}

/**
 * Up to `count` price bands cut from the teachers' own rates, about as many teachers in each: every
 * band holds at least one teacher, no two bands share a rate (a rate is never split between bands),
 * and there are as many bands as there are different rates, up to `count`. Both ends of a band are
 * included; the first is open below and the last open above, so a shared link keeps working when
 * rates change.
 */
export function priceBands(teachers: readonly Pick<Teacher, 'hourlyRate'>[], count = 3): { value: string; label: string }[] {
  const rates = teachers.map(rateOf).sort((a, b) => a - b);
  const distinct = [...new Set(rates)];
  // upTo[i]: how many teachers charge distinct[i] or less.
  const upTo = distinct.map((r) => rates.filter((x) => x <= r).length);
  const k = Math.min(count, distinct.length);
  if (k === 0) return [];
  if (k === 1) return [{ value: `${distinct[0]}-${distinct[0]}`, label: priceBandLabel(`${distinct[0]}-${distinct[0]}`) }];
  // k - 1 cuts, each after one distinct rate: the one nearest an even share of teachers that still
  // leaves a rate for every band after it.
  const cuts: number[] = [];
  for (let j = 1; j < k; j++) {
    const target = (j * rates.length) / k;
    let best = -1;
    for (let i = (cuts[j - 2] ?? -1) + 1; i <= distinct.length - 1 - (k - j); i++) {
      if (best < 0 || Math.abs(upTo[i]! - target) < Math.abs(upTo[best]! - target)) best = i;
    }
    cuts.push(best);
  }
  return [-1, ...cuts].map((cut, j) => {
    const low = distinct[cut + 1]!;
    const high = distinct[cuts[j] ?? distinct.length - 1]!;
    const value = j === 0 ? `-${high}` : j === k - 1 ? `${low}-` : `${low}-${high}`;
    return { value, label: priceBandLabel(value) };
  });
}

/** Teachers matching the search (first or last name, case-insensitive), specialization and price band. */
export function filterTeachers(teachers: readonly Teacher[], f: TeacherFilters): Teacher[] {
  const q = f.query.trim().toLowerCase();
  const band = parseBand(f.price);
  return teachers.filter((t) => {
    const first = t.firstName.toLowerCase();
    const last = t.lastName.toLowerCase();
    if (q && !first.includes(q) && !last.includes(q) && !`${first} ${last}`.includes(q)) return false;
    if (f.specialization && !teaches(t, f.specialization)) return false;
    if (band && !(rateOf(t) >= band.min && rateOf(t) <= band.max)) return false;
    return true;
  });
}

const byName = (a: Teacher, b: Teacher) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);

/** Best rated first; among equal ratings the more reviewed; teachers without reviews last. */
const byRating = (a: Teacher, b: Teacher) => (b.rating ?? -1) - (a.rating ?? -1) || b.reviewCount - a.reviewCount || byName(a, b);

/** A rating with one decimal in the active language: "4.5" / "4,5". */
export function ratingNumber(rating: number): string {
  return new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

/** How a rating reads, for the stars' text alternative: "4.5 out of 5, 12 reviews" or "No reviews yet". */
export function ratingLabel(t: Pick<Teacher, 'rating' | 'reviewCount'>): string {
  if (t.rating === null || t.reviewCount === 0) return tr('public.rating.none');
  return tr('public.rating.label', { rating: ratingNumber(t.rating), count: t.reviewCount });
}

/**
 * The orders of /teachers (`?sort=`), the first the default; `label` is a catalog key. Each breaks ties by name, so the order is
 * stable.
 */
export const TEACHER_SORTS = [
  { value: '', label: 'public.teachers.sort.name', compare: byName },
  { value: 'price-asc', label: 'public.teachers.sort.priceAsc', compare: (a: Teacher, b: Teacher) => rateOf(a) - rateOf(b) || byName(a, b) },
  { value: 'price-desc', label: 'public.teachers.sort.priceDesc', compare: (a: Teacher, b: Teacher) => rateOf(b) - rateOf(a) || byName(a, b) },
  { value: 'rating', label: 'public.teachers.sort.rating', compare: byRating },
] as const satisfies readonly { value: string; label: string; compare: (a: Teacher, b: Teacher) => number }[];

/** `value` when it names one of the orders, else the default (""). */
export function knownSort(value: string): string {
  return TEACHER_SORTS.some((o) => o.value === value) ? value : '';
}

/** The teachers in the order `sort` names (an unknown one means the default). */
export function sortTeachers(teachers: readonly Teacher[], sort: string): Teacher[] {
  const order = TEACHER_SORTS.find((o) => o.value === sort) ?? TEACHER_SORTS[0];
  return [...teachers].sort(order.compare);
}

/** Every specialization offered, sorted, each once whatever its case (the first spelling in order wins). */
export function allSpecializations(teachers: readonly Teacher[]): string[] {
  const sorted = teachers.flatMap((t) => t.specializations.map((s) => s.trim())).filter(Boolean).sort((a, b) => a.localeCompare(b));
  return sorted.filter((s, i) => sorted.findIndex((other) => sameSpecialization(other, s)) === i);
}
