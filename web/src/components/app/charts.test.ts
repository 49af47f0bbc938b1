import { describe, expect, it } from 'vitest';
import { monthAxisLabels, niceTicks } from './charts.tsx';

describe('niceTicks', () => {
  it('gives whole, round steps from 0 up to at least the largest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(45.6)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

describe('monthAxisLabels', () => {
  const months = ['Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026'];

  it('names every month with its year when they fit', () => {
    expect(monthAxisLabels(months, 1000)).toEqual(months);
  });

  it('names every second (third...) month on a narrow chart, the year first and where it changes', () => {
    expect(monthAxisLabels(months, 300)).toEqual(['Nov 2025', null, 'Jan 2026', null, 'Mar', null, 'May']);
    expect(monthAxisLabels(months, 200)).toEqual(['Nov 2025', null, null, 'Feb 2026', null, null, 'May']);
  });

  it('copes with one month and with no width yet', () => {
    expect(monthAxisLabels(['Sep 2026'], 0)).toEqual(['Sep 2026']);
    expect(monthAxisLabels(months, 0)[0]).toBe('Nov 2025');
  });
});
