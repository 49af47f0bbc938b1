import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { englishIssue } from '../test-support.ts';
import {
  adjustmentSchema,
  availabilityQuerySchema,
  bookingSchema,
  checkoutSchema,
  packageHistoryQuerySchema,
  teacherAvailabilitySchema,
  teacherProfileSchema,
} from './index.ts';

/** The first message a schema gives for `value`, or 'ok'. */
function first(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : (englishIssue(r.error.issues[0]?.message) ?? '?');
}

describe('checkout body', () => {
  const ok = { amount: 128, teacherId: 't1', totalHours: 5 };
  it('accepts amount, teacherId and 1..30 whole hours', () => {
    expect(first(checkoutSchema, ok)).toBe('ok');
    expect(first(checkoutSchema, { ...ok, totalHours: 30, amount: 750.5 })).toBe('ok');
  });
  it('refuses hours outside 1..30 with the catalog message', () => {
    for (const totalHours of [0, 31, 2.5, '5', undefined]) {
      expect(first(checkoutSchema, { ...ok, totalHours })).toBe('Hours must be between 1 and 30');
    }
  });
  it('refuses unknown fields, a missing teacher and bad amounts', () => {
    expect(first(checkoutSchema, { ...ok, price: 1 })).toBe('Unknown field: price');
    expect(first(checkoutSchema, { amount: 128, totalHours: 5 })).toBe('A teacher is required');
    expect(first(checkoutSchema, { ...ok, teacherId: '  ' })).toBe('A teacher is required');
    expect(first(checkoutSchema, { ...ok, amount: -1 })).toBe('The amount must be more than 0');
    expect(first(checkoutSchema, { ...ok, amount: 1.234 })).toBe('The amount can have at most 2 decimals');
    expect(first(checkoutSchema, null)).toBe('Send a JSON object');
  });
});

describe('booking body', () => {
  const ok = { teacherId: 't1', date: '2026-12-01', hour: 14 };
  it('accepts teacher, date, hour and optional notes', () => {
    expect(first(bookingSchema, ok)).toBe('ok');
    expect(first(bookingSchema, { ...ok, notes: 'Grammar' })).toBe('ok');
    expect(first(bookingSchema, { ...ok, notes: null })).toBe('ok');
    expect(first(bookingSchema, { ...ok, hour: 0 })).toBe('ok');
  });
  it('refuses bad dates, hours and long notes', () => {
    expect(first(bookingSchema, { ...ok, date: '2026-02-30' })).toBe('Dates are written YYYY-MM-DD and must exist in the calendar');
    expect(first(bookingSchema, { ...ok, date: '01/12/2026' })).toBe('Dates are written YYYY-MM-DD and must exist in the calendar');
    expect(first(bookingSchema, { ...ok, hour: 24 })).toBe('The hour must be a whole hour from 0 to 23');
    expect(first(bookingSchema, { ...ok, hour: 9.5 })).toBe('The hour must be a whole hour from 0 to 23');
    expect(first(bookingSchema, { ...ok, hour: '9' })).toBe('The hour must be a whole hour from 0 to 23');
    expect(first(bookingSchema, { teacherId: 't1', date: '2026-12-01' })).toBe('An hour is required');
    expect(first(bookingSchema, { ...ok, notes: 'x'.repeat(1001) })).toBe('Notes can be at most 1000 characters');
    expect(first(bookingSchema, { ...ok, studentId: 's2' })).toBe('Unknown field: studentId');
  });
});

describe('availability query', () => {
  it('needs a teacher and an ordered window of at most 62 days', () => {
    expect(first(availabilityQuerySchema, { teacherId: 't1' })).toBe('ok');
    expect(first(availabilityQuerySchema, { teacherId: 't1', from: '2026-12-01', to: '2026-12-31' })).toBe('ok');
    expect(first(availabilityQuerySchema, { teacherId: 't1', from: '2026-12-31', to: '2026-12-01' })).toBe('"to" must not be before "from"');
    expect(first(availabilityQuerySchema, { teacherId: 't1', from: '2026-01-01', to: '2026-06-01' })).toBe('Ask for at most 62 days at a time');
    expect(first(availabilityQuerySchema, {})).toBe('A teacher is required');
    expect(first(availabilityQuerySchema, { teacherId: 't1', from: '9999-12-31' })).toBe('"from" must be between 2000-01-01 and 2199-12-31');
    expect(first(availabilityQuerySchema, { teacherId: 't1', to: '1999-12-31' })).toBe('"to" must be between 2000-01-01 and 2199-12-31');
    expect(first(availabilityQuerySchema, { teacherId: 't1', from: '2026-02-30' })).toBe('Dates are written YYYY-MM-DD and must exist in the calendar');
  });
});

describe('adjustment body', () => {
  it('needs a package, a non-zero whole delta and a reason', () => {
    expect(adjustmentSchema.parse({ packageId: 'p1', delta: -2, reason: '  Duplicate  ' })).toEqual({ packageId: 'p1', delta: -2, reason: 'Duplicate' });
    expect(first(adjustmentSchema, { packageId: 'p1', delta: 0, reason: 'x' })).toBe('The change in hours cannot be 0');
    expect(first(adjustmentSchema, { packageId: 'p1', delta: 1.5, reason: 'x' })).toBe('The change in hours must be a whole number');
    expect(first(adjustmentSchema, { packageId: 'p1', delta: 31, reason: 'x' })).toBe('The change can be at most 30 hours either way');
    expect(first(adjustmentSchema, { packageId: 'p1', delta: 1, reason: '   ' })).toBe('A reason is required');
    expect(first(adjustmentSchema, { packageId: 'p1', delta: 1 })).toBe('A reason is required');
  });
});

describe('package history query', () => {
  it('takes an optional date or instant', () => {
    expect(first(packageHistoryQuerySchema, {})).toBe('ok');
    expect(first(packageHistoryQuerySchema, { asOf: '2026-12-01' })).toBe('ok');
    expect(first(packageHistoryQuerySchema, { asOf: '2026-12-01T10:00:00Z' })).toBe('ok');
    expect(first(packageHistoryQuerySchema, { asOf: 'yesterday' })).toBe('asOf must be a date (YYYY-MM-DD) or an ISO instant');
    expect(first(packageHistoryQuerySchema, { asOf: '9999-12-31' })).toBe('asOf must be between 2000-01-01 and 2199-12-31');
    expect(first(packageHistoryQuerySchema, { asOf: '2200-01-01T00:00:00Z' })).toBe('asOf must be between 2000-01-01 and 2199-12-31');
  });
});

describe('teacher availability body', () => {
  it('sorts the hours of each weekday, fills missing days and dedupes days off', () => {
    expect(teacherAvailabilitySchema.parse({ weekly: { '1': [11, 9, 10], '7': [] }, daysOff: ['2026-12-25', '2026-12-24', '2026-12-25'] })).toEqual({
      weekly: { '1': [9, 10, 11], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] },
      daysOff: ['2026-12-24', '2026-12-25'],
    });
  });
  it('refuses bad hours, repeated hours, unknown weekdays and bad dates', () => {
    expect(first(teacherAvailabilitySchema, { weekly: { '1': [24] }, daysOff: [] })).toBe('The hour must be a whole hour from 0 to 23');
    expect(first(teacherAvailabilitySchema, { weekly: { '1': [9, 9] }, daysOff: [] })).toBe('An hour is listed twice on the same day');
    expect(first(teacherAvailabilitySchema, { weekly: { '8': [9] }, daysOff: [] })).toBe('Unknown field: 8');
    expect(first(teacherAvailabilitySchema, { weekly: {}, daysOff: ['2026-13-01'] })).toBe('Dates are written YYYY-MM-DD and must exist in the calendar');
  });
});

describe('teacher profile body', () => {
  const ok = {
    bio: 'Born in Trastevere.', city: 'Roma', country: 'Italy', specializations: ['Grammar', 'B2'], hourlyRate: 25.5,
    profileImageUrl: 'https://example.org/a.jpg', googleMeetLink: '',
  };
  it('accepts the profile fields; empty optional fields become null; no image address keeps the photo', () => {
    expect(teacherProfileSchema.parse(ok)).toEqual({ ...ok, googleMeetLink: null });
    expect(teacherProfileSchema.parse({ ...ok, profileImageUrl: '' }).profileImageUrl).toBeNull();
    expect(teacherProfileSchema.parse({ hourlyRate: 30, city: '' })).toEqual({
      bio: '', city: null, country: null, specializations: [], hourlyRate: 30, profileImageUrl: undefined, googleMeetLink: null,
    });
  });
  it('refuses a bad rate, a non-https link and too many specializations', () => {
    expect(first(teacherProfileSchema, { ...ok, hourlyRate: 0 })).toBe('The hourly rate must be more than 0');
    expect(first(teacherProfileSchema, { ...ok, hourlyRate: 1001 })).toBe('The hourly rate can be at most €1000');
    expect(first(teacherProfileSchema, { ...ok, googleMeetLink: 'http://meet.google.com/abc' })).toBe('The meeting link must be an https:// link');
    expect(first(teacherProfileSchema, { ...ok, specializations: Array(21).fill('x') })).toBe('At most 20 specializations');
    expect(first(teacherProfileSchema, { ...ok, bio: 'x'.repeat(5001) })).toBe('The bio can be at most 5000 characters');
    expect(first(teacherProfileSchema, { ...ok, extra: 1 })).toBe('Unknown field: extra');
  });
});
