import { beforeAll, describe, expect, it } from 'vitest';
import type { ParliamoEvent } from '@parliamo/domain';
import { useTestDatabase } from '@parliamo/ledger/testing';
import { balanceAsOf, packageHistory, teacherEarningsByMonth } from './index.ts';
import { readModels } from './index.ts';
import { createProjectionTables } from '../testing.ts';
import { applyEvents } from './test-support.ts';

const db = useTestDatabase();
beforeAll(async () => {
  await createProjectionTables(db.pool, readModels);
});

const apply = (events: ParliamoEvent[]) => applyEvents(db.pool, readModels, events);

const purchased = (packageId: string, hours: number, purchasedAt: string, studentId = 's1', teacherId = 't1'): ParliamoEvent => ({
  type: 'HoursPurchased',
  data: {
    packageId,
    paymentId: `pay-${packageId}`,
    studentId,
    teacherId,
    hours,
    hourPriceCents: 2500,
    purchasedAt,
    expiresAt: '2026-09-01T10:00:00.000Z',
  },
});
const booked = (lessonId: string, packageId: string, date: string, hour: number, studentId = 's1', teacherId = 't1'): ParliamoEvent[] => [
  { type: 'HourBooked', data: { packageId, lessonId, bookedAt: '2026-03-02T10:00:00.000Z' } },
  {
    type: 'LessonBooked',
    data: {
      lessonId,
      studentId,
      teacherId,
      packageId,
      date,
      hour,
      startsAt: `${date}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
      notes: null,
      hourPriceCents: 2500,
      bookedAt: '2026-03-02T10:00:00.000Z',
    },
  },
];
const completed = (lessonId: string, packageId: string, at: string, teacherId = 't1'): ParliamoEvent => ({
  type: 'LessonCompleted',
  data: {
    lessonId,
    studentId: 's1',
    teacherId,
    packageId,
    priceCents: 2500,
    teacherEarningCents: 1900,
    commissionCents: 600,
    completedAt: at,
  },
});

describe('hour packages and their history', () => {
  it('follows every change with its cause and balance, and answers the balance as of a date', async () => {
    await apply([purchased('p1', 5, '2026-03-01T10:00:00.000Z')]);
    await apply([...booked('l1', 'p1', '2026-03-10', 10), ...booked('l2', 'p1', '2026-03-11', 10)]);
    await apply([
      { type: 'LessonCancelled', data: { lessonId: 'l2', by: 'student', cancelledBy: 's1', refunded: true, cancelledAt: '2026-03-05T10:00:00.000Z' } },
      { type: 'HourRefunded', data: { packageId: 'p1', lessonId: 'l2', refundedAt: '2026-03-05T10:00:00.000Z' } },
      completed('l1', 'p1', '2026-03-10T10:00:00.000Z'),
      { type: 'HoursAdjusted', data: { packageId: 'p1', delta: -1, reason: 'Goodwill correction', adminId: 'a1', adjustedAt: '2026-04-01T10:00:00.000Z' } },
      { type: 'HoursExpired', data: { packageId: 'p1', hours: 3, expiredAt: '2026-09-01T10:00:00.000Z' } },
    ]);
    const { rows } = await db.pool.query(`SELECT * FROM hour_packages WHERE id = 'p1'`);
    expect(rows[0]).toMatchObject({ total_hours: 5, remaining_hours: 0, status: 'expired', student_id: 's1', teacher_id: 't1' });

    const all = await packageHistory(db.pool, 'p1');
    expect(all.map((e) => [e.cause, e.delta, e.balanceAfter])).toEqual([
      ['purchase', 5, 5],
      ['booked', -1, 4],
      ['booked', -1, 3],
      ['refunded', 1, 4],
      ['completed', 0, 4],
      ['adjusted', -1, 3],
      ['expired', -3, 0],
    ]);
    expect(all[0]!.paymentId).toBe('pay-p1');
    expect(all[1]!.lessonId).toBe('l1');
    expect(all[5]!.reason).toBe('Goodwill correction');
    expect(balanceAsOf(await packageHistory(db.pool, 'p1', new Date('2026-02-01T00:00:00Z')))).toBe(0);
    expect(balanceAsOf(await packageHistory(db.pool, 'p1', new Date('2026-03-20T00:00:00Z')))).toBe(4);
    expect(balanceAsOf(await packageHistory(db.pool, 'p1', new Date('2026-05-01T00:00:00Z')))).toBe(3);
  });

  it('refuses a balance below zero instead of showing one', async () => {
    await apply([purchased('p2', 1, '2026-03-01T10:00:00.000Z')]);
    await expect(apply([{ type: 'HoursRevoked', data: { packageId: 'p2', paymentId: 'pay-p2', hours: 2, revokedAt: '2026-03-03T10:00:00.000Z' } }])).rejects.toThrow();
    await apply([{ type: 'HoursRevoked', data: { packageId: 'p2', paymentId: 'pay-p2', hours: 1, revokedAt: '2026-03-03T10:00:00.000Z' } }]);
    const { rows } = await db.pool.query(`SELECT remaining_hours, status FROM hour_packages WHERE id = 'p2'`);
    expect(rows[0]).toEqual({ remaining_hours: 0, status: 'revoked' });
  });

  it('counts hours an admin adds into the total, so remaining never exceeds it', async () => {
    await apply([purchased('p3a', 2, '2026-03-01T10:00:00.000Z')]);
    await apply([{ type: 'HoursAdjusted', data: { packageId: 'p3a', delta: 3, reason: 'Gift', adminId: 'a1', adjustedAt: '2026-03-02T10:00:00.000Z' } }]);
    await apply([{ type: 'HoursAdjusted', data: { packageId: 'p3a', delta: -1, reason: 'Fix', adminId: 'a1', adjustedAt: '2026-03-03T10:00:00.000Z' } }]);
    const { rows } = await db.pool.query(`SELECT total_hours, remaining_hours FROM hour_packages WHERE id = 'p3a'`);
    expect(rows[0]).toEqual({ total_hours: 5, remaining_hours: 4 });
  });
});

describe('lessons and earnings', () => {
  it('tracks a lesson through cancel and completion, and keeps one confirmed lesson per slot', async () => {
    await apply([purchased('p3', 5, '2026-03-01T10:00:00.000Z', 's3', 't3')]);
    await apply(booked('l3', 'p3', '2026-03-20', 15, 's3', 't3'));
    // Same teacher slot, another student: the unique index refuses it.
    await expect(apply(booked('l4', 'p3', '2026-03-20', 15, 's4', 't3'))).rejects.toThrow(/unique|duplicate/i);
    await apply([{ type: 'LessonCancelled', data: { lessonId: 'l3', by: 'teacher', cancelledBy: 't3', refunded: true, cancelledAt: '2026-03-19T10:00:00.000Z' } }]);
    await apply(booked('l4', 'p3', '2026-03-20', 15, 's4', 't3'));
    const { rows } = await db.pool.query(`SELECT id, status, cancelled_by, refunded, date, hour FROM bookings WHERE teacher_id = 't3' ORDER BY id`);
    expect(rows).toEqual([
      { id: 'l3', status: 'cancelled', cancelled_by: 'teacher', refunded: true, date: '2026-03-20', hour: 15 },
      { id: 'l4', status: 'confirmed', cancelled_by: null, refunded: null, date: '2026-03-20', hour: 15 },
    ]);
  });

  it('records earnings per completed lesson in the lesson month', async () => {
    await apply([purchased('p5', 5, '2026-03-01T10:00:00.000Z', 's1', 't5')]);
    await apply([...booked('l5', 'p5', '2026-03-31', 22, 's1', 't5'), ...booked('l6', 'p5', '2026-04-02', 9, 's1', 't5')]);
    // l5 ends on the last evening of March but the timer only notices it in April.
    await apply([completed('l5', 'p5', '2026-04-01T08:00:00.000Z', 't5'), completed('l6', 'p5', '2026-04-02T09:00:00.000Z', 't5')]);
    const months = await teacherEarningsByMonth(db.pool, 't5');
    expect(months).toEqual([
      { month: '2026-04', grossCents: 2500, teacherCents: 1900, commissionCents: 600, lessons: 1 },
      { month: '2026-03', grossCents: 2500, teacherCents: 1900, commissionCents: 600, lessons: 1 },
    ]);
    const { rows } = await db.pool.query(`SELECT status FROM bookings WHERE id IN ('l5', 'l6')`);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed']);
  });
});

describe('taken slots', () => {
  const slot = (type: 'SlotTaken' | 'SlotReleased', lessonId: string, ownerId = 't9'): ParliamoEvent =>
    type === 'SlotTaken'
      ? { type, data: { owner: 'teacher', ownerId, date: '2026-03-25', hour: 9, lessonId, takenAt: '2026-03-02T10:00:00.000Z' } }
      : { type, data: { owner: 'teacher', ownerId, date: '2026-03-25', hour: 9, lessonId, releasedAt: '2026-03-03T10:00:00.000Z' } };

  it('holds a slot once, frees it on release, and refuses a second holder', async () => {
    await apply([slot('SlotTaken', 'x1')]);
    await expect(apply([slot('SlotTaken', 'x2')])).rejects.toThrow(/unique|duplicate/i);
    await apply([slot('SlotReleased', 'x1'), slot('SlotTaken', 'x2')]);
    const { rows } = await db.pool.query(`SELECT lesson_id FROM taken_slots WHERE owner_id = 't9'`);
    expect(rows).toEqual([{ lesson_id: 'x2' }]);
  });
});

describe('ledger entries', () => {
  it('indexes every event by stream and by the people it concerns', async () => {
    await apply([purchased('p7', 2, '2026-03-01T10:00:00.000Z', 's7', 't7')]);
    await apply([{ type: 'HoursExpired', data: { packageId: 'p7', hours: 2, expiredAt: '2026-09-01T10:00:00.000Z' } }]);
    const { rows } = await db.pool.query(`SELECT stream, revision, type, people FROM ledger_entries WHERE 's7' = ANY(people) ORDER BY revision`);
    expect(rows).toEqual([
      { stream: 'package-p7', revision: 0, type: 'HoursPurchased', people: ['s7', 't7'] },
      { stream: 'package-p7', revision: 1, type: 'HoursExpired', people: ['s7', 't7'] },
    ]);
  });
});

describe('one batch holding a whole story', () => {
  it('gives the same rows as event by event: booked, cancelled and rebooked slot, taken and released', async () => {
    const story: ParliamoEvent[] = [
      purchased('p20', 3, '2026-03-01T10:00:00.000Z', 's20', 't20'),
      ...booked('l20', 'p20', '2026-04-01', 9, 's20', 't20'),
      { type: 'SlotTaken', data: { owner: 'teacher', ownerId: 't20', date: '2026-04-01', hour: 9, lessonId: 'l20', takenAt: '2026-03-02T10:00:00.000Z' } },
      { type: 'LessonCancelled', data: { lessonId: 'l20', by: 'student', cancelledBy: 's20', refunded: true, cancelledAt: '2026-03-03T10:00:00.000Z' } },
      { type: 'HourRefunded', data: { packageId: 'p20', lessonId: 'l20', refundedAt: '2026-03-03T10:00:00.000Z' } },
      { type: 'SlotReleased', data: { owner: 'teacher', ownerId: 't20', date: '2026-04-01', hour: 9, lessonId: 'l20', releasedAt: '2026-03-03T10:00:00.000Z' } },
      ...booked('l21', 'p20', '2026-04-01', 9, 's20', 't20'),
      { type: 'SlotTaken', data: { owner: 'teacher', ownerId: 't20', date: '2026-04-01', hour: 9, lessonId: 'l21', takenAt: '2026-03-03T11:00:00.000Z' } },
    ];
    await apply(story);
    const lessons = await db.pool.query(`SELECT id, status FROM bookings WHERE teacher_id = 't20' ORDER BY id`);
    expect(lessons.rows).toEqual([{ id: 'l20', status: 'cancelled' }, { id: 'l21', status: 'confirmed' }]);
    const slots = await db.pool.query(`SELECT lesson_id FROM taken_slots WHERE owner_id = 't20'`);
    expect(slots.rows).toEqual([{ lesson_id: 'l21' }]);
    expect((await packageHistory(db.pool, 'p20')).map((e) => e.balanceAfter)).toEqual([3, 2, 3, 2]);
  });
});
