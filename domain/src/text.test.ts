import { describe, expect, it } from 'vitest';
import { teacherDisplayName } from './rules.ts';
import { hoursCount, sentence } from './text.ts';

describe('sentences around names and counts', () => {
  it('end in exactly one full stop, also after a name that ends in an initial', () => {
    expect(sentence(`Booked with ${teacherDisplayName('Luca', 'Esposito')}`)).toBe('Booked with Luca E.');
    expect(sentence(`cancelled by ${teacherDisplayName('Anna', 'Sala')}`)).toBe('cancelled by Anna S.');
    expect(sentence(`with ${teacherDisplayName('Anna', '')}`)).toBe('with Anna.');
    expect(sentence('cancelled by the school')).toBe('cancelled by the school.');
    expect(sentence('Really? ')).toBe('Really?');
  });

  it('count hours with the right plural and, when asked, a sign', () => {
    expect(hoursCount(1)).toBe('1 hour');
    expect(hoursCount(2)).toBe('2 hours');
    expect(hoursCount(0)).toBe('0 hours');
    expect(hoursCount(1, { signed: true })).toBe('+1 hour');
    expect(hoursCount(5, { signed: true })).toBe('+5 hours');
    expect(hoursCount(-1, { signed: true })).toBe('-1 hour');
    expect(hoursCount(-3, { signed: true })).toBe('-3 hours');
  });
});
