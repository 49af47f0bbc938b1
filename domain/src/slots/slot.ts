/**
 * One person's one slot (streams teacher-slot-{teacherId}-{date}-{hour} and
 * student-slot-{studentId}-{date}-{hour}). Two bookings of the same slot contend on one stream, so
 * the ledger's expected version makes exactly one of them win; this decider refuses the loser too.
 */
import { assertNever, type Decider, isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { SlotEvent } from '../events.ts';

type SlotRef = { owner: 'teacher' | 'student'; ownerId: string; date: string; hour: number; lessonId: string; now: string };
export type TakeSlot = { type: 'TakeSlot'; data: SlotRef };
export type ReleaseSlot = { type: 'ReleaseSlot'; data: SlotRef };
export type SlotCommand = TakeSlot | ReleaseSlot;

export interface SlotState {
  /** The lesson holding the slot, or null when free. */
  takenBy: string | null;
}

export const initialSlotState: SlotState = { takenBy: null };


export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  switch (event.type) {
    case 'SlotTaken':
      return { takenBy: event.data.lessonId };
    case 'SlotReleased':
      return state.takenBy === event.data.lessonId ? { takenBy: null } : state;
    default:
      return assertNever(event);
  }
}

export function decideSlot(command: SlotCommand, state: SlotState): SlotEvent[] {
  const { owner, ownerId, date, hour, lessonId, now } = command.data;
  switch (command.type) {
    case 'TakeSlot':
      if (state.takenBy === lessonId) return [];
      if (state.takenBy) {
        throw new DomainError('conflict', owner === 'teacher' ? 'lessons.slotTaken' : 'lessons.youAreBusy');
      }
      return [{ type: 'SlotTaken', data: { owner, ownerId, date, hour, lessonId, takenAt: isoOf(now) } }];
    case 'ReleaseSlot':
      if (state.takenBy !== lessonId) return [];
      return [{ type: 'SlotReleased', data: { owner, ownerId, date, hour, lessonId, releasedAt: isoOf(now) } }];
    default:
      return assertNever(command);
  }
}

export const slotDecider: Decider<SlotCommand, SlotState, SlotEvent> = {
  initialState: initialSlotState,
  evolve: evolveSlot,
  decide: decideSlot,
};
