import { describe, it } from 'vitest';
import type { SlotEvent } from '../events.ts';
import { given } from '../test-support.ts';
import { slotDecider, type SlotCommand } from './slot.ts';

const NOW = '2026-11-20T10:00:00.000Z';
const ref = (lessonId: string, owner: 'teacher' | 'student' = 'teacher') => ({ owner, ownerId: 'u1', date: '2026-11-25', hour: 10, lessonId, now: NOW });
const take = (lessonId: string, owner: 'teacher' | 'student' = 'teacher'): SlotCommand => ({ type: 'TakeSlot', data: ref(lessonId, owner) });
const release = (lessonId: string): SlotCommand => ({ type: 'ReleaseSlot', data: ref(lessonId) });
const { now: _n, ...base } = ref('l1');
const taken: SlotEvent = { type: 'SlotTaken', data: { ...base, takenAt: NOW } };
const released: SlotEvent = { type: 'SlotReleased', data: { ...base, releasedAt: NOW } };
const g = (events: SlotEvent[]) => given(slotDecider, events);

describe('slots', () => {
  it('are taken by one lesson at a time', () => {
    g([]).when(take('l1')).then([taken]);
    g([taken]).when(take('l2')).then({ error: 'conflict', message: 'This slot is already booked' });
    g([taken]).when(take('l2', 'student')).then({ error: 'conflict', message: 'You already have a lesson at that time' });
    g([taken]).when(take('l1')).then([]);
  });
  it('are released only by the lesson holding them, and can be taken again', () => {
    g([taken]).when(release('l1')).then([released]);
    g([taken]).when(release('l2')).then([]);
    g([taken, released]).when(release('l1')).then([]);
    g([taken, released]).when(take('l2')).then([{ type: 'SlotTaken', data: { ...base, lessonId: 'l2', takenAt: NOW } }]);
  });
});
