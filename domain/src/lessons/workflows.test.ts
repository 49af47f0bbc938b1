import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { HoursPurchased, PackageEvent } from '../events.ts';
import { packageDecider, type PackageState } from '../packages/package.ts';
import { slotDecider } from '../slots/slot.ts';
import { expectDomainError } from '../test-support.ts';
import { lessonDecider } from './lesson.ts';
import { type BookingInput, choosePackage, decideBooking, decideCancellation } from './workflows.ts';

const NOW = '2026-11-20T10:00:00.000Z';
const free = slotDecider.initialState;
const pkg = (id: string, purchasedAt: string, expiresAt: string, hours = 2, extra: PackageEvent[] = [], who = { studentId: 's1', teacherId: 't1' }): PackageState => {
  const bought: HoursPurchased = {
    type: 'HoursPurchased',
    data: { packageId: id, paymentId: id, ...who, hours, hourPriceCents: 2500, purchasedAt, expiresAt },
  };
  return fold(packageDecider, [bought, ...extra]);
};
const older = pkg('old', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z');
const newer = pkg('new', '2026-09-01T10:00:00.000Z', '2027-03-01T11:00:00.000Z');
const booking = (over: Partial<BookingInput> = {}): BookingInput => ({
  now: NOW, lessonId: 'l1', studentId: 's1', teacherId: 't1', date: '2026-11-23', hour: 15, notes: null,
  packages: [newer, older], teacherSlot: free, studentSlot: free, teacherOffersSlot: true, noticeHours: 48, ...over,
});

describe('decideBooking', () => {
  it('writes the lesson, one hour of the package expiring first, and both slots', () => {
    const d = decideBooking(booking());
    expect(d.packageId).toBe('old');
    expect(d.lesson).toEqual([
      { type: 'LessonBooked', data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'old', date: '2026-11-23', hour: 15, startsAt: '2026-11-23T14:00:00.000Z', notes: null, hourPriceCents: 2500, noticeHours: 48, bookedAt: NOW } },
    ]);
    expect(d.package).toEqual({ packageId: 'old', events: [{ type: 'HourBooked', data: { packageId: 'old', lessonId: 'l1', bookedAt: NOW } }] });
    expect(d.teacherSlot).toEqual([{ type: 'SlotTaken', data: { owner: 'teacher', ownerId: 't1', date: '2026-11-23', hour: 15, lessonId: 'l1', takenAt: NOW } }]);
    expect(d.studentSlot).toEqual([{ type: 'SlotTaken', data: { owner: 'student', ownerId: 's1', date: '2026-11-23', hour: 15, lessonId: 'l1', takenAt: NOW } }]);
    expect(d.writes.map((w) => w.stream)).toEqual(['lesson-l1', 'package-old', 'teacher-slot-t1-2026-11-23-15', 'student-slot-s1-2026-11-23-15']);
  });

  it('skips a package that expires before the lesson starts, and one that is empty', () => {
    expect(decideBooking(booking({ date: '2026-12-02', hour: 10 })).packageId).toBe('new');
    const emptyOld = pkg('old', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z', 1, [{ type: 'HourBooked', data: { packageId: 'old', lessonId: 'x', bookedAt: NOW } }]);
    expect(decideBooking(booking({ packages: [emptyOld, newer] })).packageId).toBe('new');
  });

  it('uses only packages of that student with that teacher', () => {
    const other = pkg('other', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z', 2, [], { studentId: 's1', teacherId: 't2' });
    expectDomainError(() => decideBooking(booking({ packages: [other] })), { error: 'conflict', message: 'You have no hours left with this teacher' });
    const revoked = pkg('r', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z', 2, [{ type: 'HoursRevoked', data: { packageId: 'r', paymentId: 'r', hours: 2, revokedAt: NOW } }]);
    expectDomainError(() => decideBooking(booking({ packages: [revoked] })), { error: 'conflict' });
  });

  it('refuses a taken slot, an unoffered slot, and too short notice', () => {
    const takenBy = (lessonId: string) => ({ takenBy: lessonId });
    expectDomainError(() => decideBooking(booking({ teacherSlot: takenBy('l0') })), { error: 'conflict', message: 'This slot is already booked' });
    expectDomainError(() => decideBooking(booking({ studentSlot: takenBy('l0') })), { error: 'conflict', message: 'You already have a lesson at that time' });
    expectDomainError(() => decideBooking(booking({ teacherOffersSlot: false })), { error: 'conflict', message: 'The teacher is not available at that hour' });
    expectDomainError(() => decideBooking(booking({ date: '2026-11-22', hour: 10 })), { error: 'conflict', message: 'Lessons must be booked at least 48 hours ahead' });
  });

  it('refuses the non-existent spring hour and books the October 02:00 slot at its first occurrence', () => {
    const spring = pkg('sp', '2026-03-01T10:00:00.000Z', '2026-09-01T10:00:00.000Z');
    expectDomainError(() => decideBooking(booking({ now: '2026-03-20T00:00:00Z', date: '2026-03-29', hour: 2, packages: [spring] })), { error: 'invalid' });
    const autumn = pkg('au', '2026-09-01T10:00:00.000Z', '2027-03-01T11:00:00.000Z');
    const d = decideBooking(booking({ now: '2026-10-22T00:00:00.000Z', date: '2026-10-25', hour: 2, packages: [autumn] }));
    expect(d.lesson[0]?.data).toMatchObject({ startsAt: '2026-10-25T00:00:00.000Z' });
    expect(d.writes.map((w) => w.stream)).toContain('teacher-slot-t1-2026-10-25-2');
  });
});

describe('choosePackage', () => {
  it('prefers the earliest expiry, then the earliest purchase, then the id', () => {
    const a = pkg('b', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z');
    const b = pkg('a', '2026-06-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z');
    const start = new Date('2026-11-23T14:00:00Z');
    expect(choosePackage([newer, a, b], { studentId: 's1', teacherId: 't1' }, start, new Date(NOW))?.packageId).toBe('a');
  });
});

describe('decideCancellation', () => {
  const d = decideBooking(booking());
  const lesson = fold(lessonDecider, d.lesson);
  const spent = fold(packageDecider, [{ type: 'HoursPurchased', data: { packageId: 'old', paymentId: 'old', studentId: 's1', teacherId: 't1', hours: 2, hourPriceCents: 2500, purchasedAt: '2026-06-01T10:00:00.000Z', expiresAt: '2026-12-01T11:00:00.000Z' } }, ...d.package.events]);
  const input = { lesson, package: spent, teacherSlot: fold(slotDecider, d.teacherSlot), studentSlot: fold(slotDecider, d.studentSlot) };

  it('by the student in time: cancels, gives the hour back and frees both slots', () => {
    const at = '2026-11-21T14:00:00.000Z'; // exactly 48 h before 15:00 Rome on the 23rd
    const c = decideCancellation({ ...input, now: at, by: 'student', actorId: 's1' });
    expect(c.lesson).toEqual([{ type: 'LessonCancelled', data: { lessonId: 'l1', by: 'student', cancelledBy: 's1', refunded: true, cancelledAt: at } }]);
    expect(c.package.events).toEqual([{ type: 'HourRefunded', data: { packageId: 'old', lessonId: 'l1', refundedAt: at } }]);
    expect(c.teacherSlot.map((e) => e.type)).toEqual(['SlotReleased']);
    expect(c.studentSlot.map((e) => e.type)).toEqual(['SlotReleased']);
    expect(c.writes).toHaveLength(4);
    expect(c.package.events.reduce(packageDecider.evolve, spent).remaining).toBe(2);
  });

  it('by the student too late: refused, nothing written', () => {
    expectDomainError(() => decideCancellation({ ...input, now: '2026-11-21T14:00:00.001Z', by: 'student', actorId: 's1' }), {
      error: 'conflict',
      message: 'Too late to cancel (48h required)',
    });
  });

  it('by the teacher an hour before: refunded', () => {
    const c = decideCancellation({ ...input, now: '2026-11-23T13:00:00.000Z', by: 'teacher', actorId: 't1' });
    expect(c.package.events.map((e) => e.type)).toEqual(['HourRefunded']);
  });

  it('after the package expired: the hour comes back and lapses at once', () => {
    const c = decideCancellation({ ...input, now: '2026-12-01T11:00:00.000Z', by: 'admin', actorId: 'a1' });
    expect(c.package.events.map((e) => e.type)).toEqual(['HourRefunded', 'HoursExpired']);
  });
});
