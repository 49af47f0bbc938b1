import { describe, expect, it } from 'vitest';
import { teacherProfileFormSchema } from './forms.ts';

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
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['hourlyRate', 'The hourly rate must be a number of euros']);
    expect(issues).toContainEqual(['googleMeetLink', 'The meeting link must be an https:// link']);
    expect(teacherProfileFormSchema.safeParse({ ...typed, hourlyRate: '' }).error!.issues[0]!.message).toBe('The hourly rate is required');
  });
});
