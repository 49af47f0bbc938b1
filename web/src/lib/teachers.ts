import { useQuery } from '@tanstack/react-query';
import { romeDate } from './format.ts';
import { queries } from './queries.ts';

/** A teacher as GET /api/teachers lists it, and a free slot: the HTTP contracts (domain/src/contracts, docs/api.md). */
import type { Slot, Teacher } from '@parliamo/domain/contracts';

export type { Slot, Teacher };

/** A list fetched this recently was fetched for this mount (preloaded with the page's code). */
const JUST_FETCHED_MS = 2000;

/** The public teacher list; refetched on mount (spec "Calls"), unless it was fetched for this very mount. */
export function useTeachers() {
  return useQuery({
    ...queries.teachers(),
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

/** The filters of /teachers: a name search and optional specialization and price range. */
export interface TeacherFilters {
  query: string;
  specialization: string;
  /** "" for any price, else "min-max" in euros per hour (max may be empty). */
  price: string;
}

export const priceRanges = [
  { value: '', label: 'Any price' },
  { value: '0-25', label: 'Up to €25/hour' },
  { value: '25-35', label: '€25 to €35/hour' },
  { value: '35-', label: 'Over €35/hour' },
] as const;

/** Teachers matching the search (first or last name, case-insensitive), specialization and price range. */
export function filterTeachers(teachers: readonly Teacher[], f: TeacherFilters): Teacher[] {
  const q = f.query.trim().toLowerCase();
  const [minText = '', maxText = ''] = f.price.split('-');
  const min = minText === '' ? -Infinity : Number(minText);
  const max = maxText === '' ? Infinity : Number(maxText);
  return teachers.filter((t) => {
    const first = t.firstName.toLowerCase();
    const last = t.lastName.toLowerCase();
    if (q && !first.includes(q) && !last.includes(q) && !`${first} ${last}`.includes(q)) return false;
    if (f.specialization && !t.specializations.includes(f.specialization)) return false;
    const rate = Number(t.hourlyRate);
    // Ranges are half-open above the first: "25-35" is more than 25 up to 35.
    if (f.price && !(rate <= max && (min <= 0 ? rate >= 0 : rate > min))) return false;
    return true;
  });
}

/** Every specialization offered, sorted, without repeats. */
export function allSpecializations(teachers: readonly Teacher[]): string[] {
  return [...new Set(teachers.flatMap((t) => t.specializations))].sort((a, b) => a.localeCompare(b));
}

