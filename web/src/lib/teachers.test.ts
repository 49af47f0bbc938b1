import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allSpecializations, dailyShuffle, filterTeachers, homeGridTeachers, type Teacher } from './teachers.ts';

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
  it('lists specializations once each, sorted', () => {
    expect(allSpecializations(list)).toEqual(['B2', 'Business Italian', 'Conversation']);
  });
});
