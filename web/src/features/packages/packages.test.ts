import { describe, expect, it } from 'vitest';
import type { HourPackage } from '@parliamo/domain/contracts';
import { bookingLinks } from './packages.ts';

const pkg = (id: string, teacherId: string, remainingHours: number, status = 'active') =>
  ({ id, teacherId, teacherName: teacherId, totalHours: 5, remainingHours, purchasedAt: '2026-11-01T09:00:00Z', expiresAt: '2027-05-01T09:00:00Z', status }) as HourPackage;

describe('bookingLinks', () => {
  it('gives each teacher one link, on their first package with hours left', () => {
    const list = [pkg('a', 'giulia', 0), pkg('b', 'giulia', 3), pkg('c', 'marco', 2), pkg('d', 'giulia', 5), pkg('e', 'luca', 4, 'expired')];
    expect([...bookingLinks(list)]).toEqual(['b', 'c']);
  });
});
