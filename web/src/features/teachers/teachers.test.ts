import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allSpecializations,
  dailyShuffle,
  filterTeachers,
  homeGridTeachers,
  knownSort,
  priceBandOrAny,
  priceBands,
  ratingLabel,
  sortTeachers,
  type Teacher,
} from './teachers.ts';
import { coursePriceFrom, courseTeachersPath } from '../site/courses.ts';
import { courses } from '../site/content/courses.ts';
import { loadLocale } from '../../lib/i18n-store.ts';

await loadLocale('en');

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const people = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}` }));

function teacher(id: string, over: Partial<Teacher> = {}): Teacher {
  return {
    id,
    firstName: 'Anna',
    lastName: 'Rossi',
    isActive: true,
    isApproved: true,
    profileImageUrl: null,
    city: 'Roma',
    country: 'Italy',
    bio: 'Bio',
    specializations: [],
    hourlyRate: 25,
    rating: null,
    reviewCount: 0,
    trialRate: null,
    ...over,
  };
}

describe('dailyShuffle', () => {
  it('is stable through a day and independent of the input order', () => {
    const a = dailyShuffle(people, '2026-03-29');
    expect(ids(dailyShuffle([...people].reverse(), '2026-03-29'))).toEqual(ids(a));
    const morning = homeGridTeachers(people.map((p) => teacher(p.id)), new Date('2026-03-28T23:30:00Z'));
    const evening = homeGridTeachers(people.map((p) => teacher(p.id)), new Date('2026-03-29T21:30:00Z'));
    expect(ids(evening)).toEqual(ids(morning));
  });

  it('changes from day to day', () => {
    const days = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07'];
    const orders = new Set(days.map((d) => ids(dailyShuffle(people, d)).join(',')));
    expect(orders.size).toBeGreaterThanOrEqual(6);
    expect(ids(dailyShuffle(people, '2026-05-01'))).not.toEqual(ids(dailyShuffle(people, '2026-05-02')));
  });

  it('returns a permutation of its input and leaves the input alone', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 30 }), fc.string(), (names, day) => {
        const items = names.map((id) => ({ id }));
        const before = ids(items);
        const out = dailyShuffle(items, day);
        expect(ids(items)).toEqual(before);
        expect([...ids(out)].sort()).toEqual([...before].sort());
      }),
    );
  });

  it('puts each teacher first on some day (no one is stuck at the bottom)', () => {
    const firsts = new Set<string>();
    for (let d = 1; d <= 28; d++) firsts.add(dailyShuffle(people.slice(0, 4), `2026-02-${String(d).padStart(2, '0')}`)[0]!.id);
    expect(firsts.size).toBe(4);
  });
});

describe('homeGridTeachers', () => {
  it('shows at most 6, only teachers both active and approved', () => {
    const list = [
      ...Array.from({ length: 8 }, (_, i) => teacher(`ok${i}`)),
      teacher('inactive', { isActive: false }),
      teacher('unapproved', { isApproved: false }),
    ];
    const grid = homeGridTeachers(list, new Date('2026-11-22T10:00:00Z'));
    expect(grid).toHaveLength(6);
    expect(ids(grid).every((id) => id.startsWith('ok'))).toBe(true);
    expect(homeGridTeachers(list.slice(8), new Date())).toEqual([]);
  });
});

describe('filterTeachers', () => {
  const list = [
    teacher('a', { firstName: 'Giulia', lastName: 'Bianchi', specializations: ['Business Italian'], hourlyRate: 30 }),
    teacher('b', { firstName: 'Marco', lastName: 'Giuliani', specializations: ['Conversation'], hourlyRate: 22 }),
    teacher('c', { firstName: 'Elena', lastName: 'Ferrari', specializations: ['Conversation', 'B2'], hourlyRate: 38 }),
  ];
  const none = { query: '', specialization: '', price: '' };
  it('searches first or last name, case-insensitively', () => {
    expect(ids(filterTeachers(list, { ...none, query: 'GIUL' }))).toEqual(['a', 'b']);
    expect(ids(filterTeachers(list, { ...none, query: ' ferrari ' }))).toEqual(['c']);
    expect(ids(filterTeachers(list, { ...none, query: 'elena ferrari' }))).toEqual(['c']);
    expect(filterTeachers(list, { ...none, query: 'zzz' })).toEqual([]);
  });
  it('filters by specialization and price range', () => {
    expect(ids(filterTeachers(list, { ...none, specialization: 'Conversation' }))).toEqual(['b', 'c']);
    expect(ids(filterTeachers(list, { ...none, price: '0-25' }))).toEqual(['b']);
    expect(ids(filterTeachers(list, { ...none, price: '25-35' }))).toEqual(['a']);
    expect(ids(filterTeachers(list, { ...none, price: '35-' }))).toEqual(['c']);
    expect(ids(filterTeachers(list, { query: 'g', specialization: 'Conversation', price: '0-25' }))).toEqual(['b']);
  });
  it('lists specializations once each, sorted, whatever their case', () => {
    expect(allSpecializations(list)).toEqual(['B2', 'Business Italian', 'Conversation']);
    const typed = [teacher('x', { specializations: ['B2 certification', ' conversation'] }), teacher('y', { specializations: ['B2 Certification'] })];
    expect(allSpecializations(typed)).toEqual(['B2 certification', 'conversation']);
    expect(ids(filterTeachers(typed, { ...none, specialization: 'b2 CERTIFICATION' }))).toEqual(['x', 'y']);
  });
  it('includes both ends of a band', () => {
    expect(ids(filterTeachers(list, { ...none, price: '22-30' }))).toEqual(['a', 'b']);
    expect(ids(filterTeachers(list, { ...none, price: '-22' }))).toEqual(['b']);
    expect(ids(filterTeachers(list, { ...none, price: '30-' }))).toEqual(['a', 'c']);
  });
});

describe('priceBands', () => {
  const rated = (rates: number[]) => rates.map((hourlyRate, i) => teacher(`r${i}`, { hourlyRate }));
  /** Each band's teachers, by filtering with the band as /teachers does. */
  const membersOf = (teachers: Teacher[]) =>
    priceBands(teachers).map((b) => ids(filterTeachers(teachers, { query: '', specialization: '', price: b.value })));

  it('cuts the demo rates into three bands of three, none empty, none overlapping', () => {
    const teachers = rated([30, 28, 32, 25, 27, 35, 29, 24, 31]);
    expect(priceBands(teachers)).toEqual([
      { value: '-27', label: 'Up to €27/hour' },
      { value: '28-30', label: '€28 to €30/hour' },
      { value: '31-', label: '€31/hour and over' },
    ]);
    expect(membersOf(teachers).map((m) => m.length)).toEqual([3, 3, 3]);
  });

  it('never splits a rate between bands and has fewer bands when there are fewer rates', () => {
    expect(priceBands(rated([25, 25, 25, 30]))).toEqual([
      { value: '-25', label: 'Up to €25/hour' },
      { value: '30-', label: '€30/hour and over' },
    ]);
    expect(priceBands(rated([28, 28]))).toEqual([{ value: '28-28', label: '€28/hour' }]);
    expect(priceBands(rated([27.5, 40]))[0]).toEqual({ value: '-27.5', label: 'Up to €27.50/hour' });
    expect(priceBands([])).toEqual([]);
  });

  it('puts every teacher in exactly one band, and no band is empty, for any rates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 10, max: 80 }), { maxLength: 25 }), (rates) => {
        const teachers = rated(rates);
        const members = membersOf(teachers);
        expect(members.every((m) => m.length > 0)).toBe(true);
        expect(members.flat().sort()).toEqual(ids(teachers).sort());
        expect(members.length).toBe(Math.min(3, new Set(rates).size));
      }),
    );
  });

  it('reads only band values from an address, else any price', () => {
    expect(priceBandOrAny('28-30')).toBe('28-30');
    expect(priceBandOrAny('31-')).toBe('31-');
    expect(priceBandOrAny('cheap')).toBe('');
    expect(priceBandOrAny('-')).toBe('');
  });
});

describe('sortTeachers', () => {
  const list = [
    teacher('a', { firstName: 'Giulia', lastName: 'Rossi', hourlyRate: 30 }),
    teacher('b', { firstName: 'Marco', lastName: 'Bianchi', hourlyRate: 28 }),
    teacher('c', { firstName: 'Anna', lastName: 'Rossi', hourlyRate: 28 }),
    teacher('d', { firstName: 'Elena', lastName: 'Conti', hourlyRate: '35' as unknown as number }),
  ];
  it('orders by name by default, by price either way, ties by name', () => {
    expect(ids(sortTeachers(list, ''))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(sortTeachers(list, 'price-asc'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(sortTeachers(list, 'price-desc'))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(sortTeachers(list, 'nonsense'))).toEqual(['b', 'd', 'c', 'a']);
    expect(knownSort('nonsense')).toBe('');
    expect(knownSort('rating')).toBe('rating');
    expect(knownSort('price-desc')).toBe('price-desc');
  });
});

describe('sorting by rating', () => {
  it('puts the best rated first, more reviews first among equals, unreviewed teachers last by name', () => {
    const list = [
      teacher('none', { lastName: 'Alberti' }),
      teacher('good', { lastName: 'Zeta', rating: 4.5, reviewCount: 2 }),
      teacher('best', { lastName: 'Verdi', rating: 5, reviewCount: 1 }),
      teacher('good-more', { lastName: 'Zeta', rating: 4.5, reviewCount: 12 }),
      teacher('none-2', { lastName: 'Bruno' }),
    ];
    expect(ids(sortTeachers(list, 'rating'))).toEqual(['best', 'good-more', 'good', 'none', 'none-2']);
  });

  it('says the rating in words', () => {
    expect(ratingLabel({ rating: 4.5, reviewCount: 12 })).toBe('4.5 out of 5, 12 reviews');
    expect(ratingLabel({ rating: 3, reviewCount: 1 })).toBe('3.0 out of 5, 1 review');
    expect(ratingLabel({ rating: null, reviewCount: 0 })).toBe('No reviews yet');
  });
});

describe('course prices', () => {
  const demo = [
    teacher('davide', { hourlyRate: 24, specializations: ['Grammar', 'Beginners'] }),
    teacher('marco', { hourlyRate: 28, specializations: ['Business Italian', 'Conversation'] }),
    teacher('alessandro', { hourlyRate: 35, specializations: ['Business Italian', 'B2 certification'] }),
    teacher('francesca', { hourlyRate: 32, specializations: ['B2 Certification'] }),
    teacher('cheap but hidden', { hourlyRate: 10, specializations: ['Business Italian'], isApproved: false }),
  ];
  const course = (id: string) => courses.find((c) => c.id === id)!;
  it('start at the lowest rate of the active, approved teachers who teach the course', () => {
    expect(coursePriceFrom(course('general-italian'), demo)).toBe(24);
    expect(coursePriceFrom(course('business-italian'), demo)).toBe(28);
    expect(coursePriceFrom(course('b2-certification'), demo)).toBe(32);
  });
  it('are null when nobody teaches the course', () => {
    expect(coursePriceFrom(course('business-italian'), demo.slice(0, 1))).toBeNull();
    expect(coursePriceFrom(course('general-italian'), [])).toBeNull();
  });
  it('lead to /teachers filtered by the course specialization', () => {
    expect(courseTeachersPath(course('general-italian'))).toBe('/teachers');
    expect(courseTeachersPath(course('business-italian'))).toBe('/teachers?specialization=Business+Italian');
  });
});
