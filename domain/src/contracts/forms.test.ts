import { describe, expect, it } from 'vitest';
import { adjustmentFormSchema, purchaseFormSchema, teacherProfileFormSchema } from './forms.ts';
import { englishIssue } from '../test-support.ts';

const typed = { bio: ' Hello ', city: 'Roma', country: '', specializations: 'Grammar, , Business Italian ', hourlyRate: '27.5', profileImageUrl: '', googleMeetLink: '' };

describe('teacher profile form', () => {
  it('turns the typed fields into the API body', () => {
    expect(teacherProfileFormSchema.parse(typed)).toEqual({
      bio: 'Hello',
      city: 'Roma',
      country: null,
      specializations: ['Grammar', 'Business Italian'],
      hourlyRate: 27.5,
      profileImageUrl: null,
      googleMeetLink: null,
    });
  });

  it("says what is wrong with the API's own messages, on the field typed", () => {
    const r = teacherProfileFormSchema.safeParse({ ...typed, hourlyRate: 'abc', googleMeetLink: 'http://meet' });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), englishIssue(i.message)]);
    expect(issues).toContainEqual(['hourlyRate', 'The hourly rate must be a number of euros']);
    expect(issues).toContainEqual(['googleMeetLink', 'The meeting link must be an https:// link']);
    expect(englishIssue(teacherProfileFormSchema.safeParse({ ...typed, hourlyRate: '' }).error!.issues[0]!.message)).toBe('The hourly rate is required');
  });
});

describe('hour adjustment form', () => {
  it('reads the hours as a whole number and keeps the API rules', () => {
    expect(adjustmentFormSchema.parse({ packageId: ' p1 ', delta: '-2', reason: ' Goodwill ' })).toEqual({ packageId: 'p1', delta: -2, reason: 'Goodwill' });
    const message = (delta: string) => englishIssue(adjustmentFormSchema.safeParse({ packageId: 'p1', delta, reason: 'x' }).error?.issues[0]?.message);
    expect(message('')).toBe('The change in hours is required');
    expect(message('0')).toBe('The change in hours cannot be 0');
    expect(message('1.5')).toBe('The change in hours must be a whole number');
    expect(message('31')).toBe('The change can be at most 30 hours either way');
  });
});

describe('purchase form', () => {
  it('reads empty or non-numeric hours as 1 and keeps hours within 1..30', () => {
    expect(purchaseFormSchema.parse({ teacherId: 't1', hours: '' })).toEqual({ teacherId: 't1', totalHours: 1 });
    expect(purchaseFormSchema.parse({ teacherId: 't1', hours: 'abc' })).toEqual({ teacherId: 't1', totalHours: 1 });
    expect(purchaseFormSchema.parse({ teacherId: 't1', hours: '12' })).toEqual({ teacherId: 't1', totalHours: 12 });
    expect(englishIssue(purchaseFormSchema.safeParse({ teacherId: 't1', hours: '31' }).error?.issues[0]?.message)).toBe('Hours must be between 1 and 30');
    expect(purchaseFormSchema.safeParse({ teacherId: '', hours: '5' }).success).toBe(false);
  });
});
