import { describe, expect, it } from 'vitest';
import type { SettingsEvent } from '../events.ts';
import { expiresAt, priceCents, tooLateToCancel } from '../rules.ts';
import { englishError, given } from '../test-support.ts';
import { DEFAULT_LAUNCH_NOTICE_IT, defaultSchoolSettings, launchNoticeFor, schoolSettingsDecider, settingsInForce, type ChangeSchoolSettings } from './school-settings.ts';

const NOW = '2026-11-23T10:00:00.000Z';
const defaults = defaultSchoolSettings('info@school.test');
const change = (values: ChangeSchoolSettings['data']['values']): ChangeSchoolSettings => ({
  type: 'ChangeSchoolSettings',
  data: { values, defaults, adminId: 'a1', now: NOW },
});
const g = (events: SettingsEvent[]) => given(schoolSettingsDecider, events);
const changed = (changes: Record<string, { from: unknown; to: unknown }>, changedAt = NOW): SettingsEvent =>
  ({ type: 'SchoolSettingsChanged', data: { changes, adminId: 'a1', changedAt } }) as SettingsEvent;

describe('school settings', () => {
  it("the launch notice in Italian: the admin's text for Italian visitors, the English one while it is empty; none when off", () => {
    expect(defaults.launchNoticeTextIt).toBe(DEFAULT_LAUNCH_NOTICE_IT);
    expect(launchNoticeFor(defaults, 'it')).toBe(DEFAULT_LAUNCH_NOTICE_IT);
    expect(launchNoticeFor({ ...defaults, launchNoticeTextIt: '' }, 'it')).toBe(defaults.launchNoticeText);
    const withItalian = { ...defaults, launchNoticeTextIt: 'Siamo nella fase di lancio.' };
    expect(launchNoticeFor(withItalian, 'it')).toBe('Siamo nella fase di lancio.');
    expect(launchNoticeFor(withItalian, 'en')).toBe(defaults.launchNoticeText);
    expect(launchNoticeFor({ ...withItalian, launchNoticeEnabled: false }, 'it')).toBeNull();
    g([]).when(change({ launchNoticeTextIt: 'x'.repeat(501) })).then({ error: 'invalid', message: 'The Italian launch notice can be at most 500 characters' });
  });
  it('start from the default values (EUR 3, 48 h, 6 months, the launch notice on)', () => {
    expect(defaults).toMatchObject({ feeCents: 300, noticeHours: 48, validityMonths: 6, launchNoticeEnabled: true, contactEmail: 'info@school.test' });
    expect(defaults.launchNoticeText).toContain('fully operational from September 2025');
    // the product's strings with the default values are the same as before
    expect(englishError('lessons.tooLateToCancel', tooLateToCancel(defaults.noticeHours).params)).toBe('Too late to cancel (48h required)');
  });
  it('record each changed field with its old and new value, and who changed it', () => {
    g([]).when(change({ feeCents: 500, noticeHours: 48, contactEmail: 'desk@school.test' })).then([
      changed({ contactEmail: { from: 'info@school.test', to: 'desk@school.test' }, feeCents: { from: 300, to: 500 } }),
    ]);
  });
  it('the old value of a second change is the first change', () => {
    g([changed({ feeCents: { from: 300, to: 500 } })]).when(change({ feeCents: 0 })).then([changed({ feeCents: { from: 500, to: 0 } })]);
  });
  it('write nothing when nothing differs', () => {
    g([changed({ feeCents: { from: 300, to: 500 } })]).when(change({ feeCents: 500, validityMonths: 6 })).then([]);
  });
  it('refuse values out of their limits with a message a person understands', () => {
    g([]).when(change({ feeCents: 5001 })).then({ error: 'invalid', message: 'The fee must be between €0 and €50' });
    g([]).when(change({ feeCents: -1 })).then({ error: 'invalid', message: 'The fee must be between €0 and €50' });
    g([]).when(change({ noticeHours: 169 })).then({ error: 'invalid', message: 'The notice must be a whole number of hours from 0 to 168' });
    g([]).when(change({ validityMonths: 0 })).then({ error: 'invalid', message: 'The validity must be a whole number of months from 1 to 24' });
    g([]).when(change({ validityMonths: 25 })).then({ error: 'invalid' });
    g([]).when(change({ contactEmail: 'not an address' })).then({ error: 'invalid', message: 'Enter a valid contact e-mail address' });
    g([]).when(change({ launchNoticeText: 'x'.repeat(501) })).then({ error: 'invalid', message: 'The launch notice can be at most 500 characters' });
    g([]).when(change({ launchNoticeText: 'x'.repeat(500) })).then([changed({ launchNoticeText: { from: defaults.launchNoticeText, to: 'x'.repeat(500) } })]);
  });
  it('fold into the values in force over the defaults', () => {
    const state = [changed({ feeCents: { from: 300, to: 500 } }), changed({ noticeHours: { from: 48, to: 24 } })].reduce(
      schoolSettingsDecider.evolve,
      schoolSettingsDecider.initialState,
    );
    expect(settingsInForce(state, defaults)).toEqual({ ...defaults, feeCents: 500, noticeHours: 24 });
  });
  it('feed the rules: price and expiry take the values given', () => {
    expect(priceCents(5, 2500)).toBe(12_800);
    expect(priceCents(5, 2500, 0)).toBe(12_500);
    expect(expiresAt(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(expiresAt(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-07-31T09:00:00.000Z');
  });
});
