/**
 * Trial lessons (issue 17): a teacher may offer one hour at a trial rate below their hourly rate; a
 * student who never bought hours from that teacher may buy it once. The one trial per student and
 * teacher is the stream trial-{studentId}-{teacherId}: the confirmation that credits a trial appends
 * TrialTaken to it at the revision it read, so two paid trials contend on that stream and only one is
 * credited (the other stays paid and not credited, flagged for the admin to refund).
 */
import { assertNever, type Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { TrialEvent } from '../events.ts';

/** The sentences the trial rules answer with (shown as they are). */
export const TRIAL_MESSAGES = {
  alreadyHad: 'You have already had a trial lesson with this teacher',
  boughtHours: 'A trial lesson is only for students who have not bought hours from this teacher yet',
  notOffered: 'This teacher does not offer a trial lesson',
  oneHour: 'A trial lesson is exactly one hour',
  rateBelowHourly: 'The trial rate must be below the hourly rate',
} as const;

export interface TrialState {
  /** The trial payment that was credited; null while the student has had no trial with this teacher. */
  takenBy: string | null;
}

export const initialTrialState: TrialState = { takenBy: null };

export function evolveTrial(state: TrialState, event: TrialEvent): TrialState {
  switch (event.type) {
    case 'TrialTaken':
      // The first one counts; a second can only come from a bug, and never gives a second trial.
      return state.takenBy ? state : { takenBy: event.data.paymentId };
    default:
      return assertNever(event.type);
  }
}

/** Folds trial-{studentId}-{teacherId}; it has no commands of its own (the payment workflow writes it). */
export const trialDecider: Pick<Decider<never, TrialState, TrialEvent>, 'initialState' | 'evolve'> = {
  initialState: initialTrialState,
  evolve: evolveTrial,
};

/** Whether a trial rate (cents or null) is one a teacher with this hourly rate may offer. */
export function validTrialRate(trialRateCents: number | null, hourlyRateCents: number): boolean {
  return trialRateCents === null || (Number.isInteger(trialRateCents) && trialRateCents > 0 && trialRateCents < hourlyRateCents);
}

/** What decides whether a student may buy (or be credited) a trial hour with a teacher. */
export interface TrialEligibility {
  /** The student's trial with this teacher, from the ledger. */
  trial: TrialState;
  /** Whether the student has (or had) hours from this teacher other than from this trial payment. */
  boughtHours: boolean;
}

/** Why a student may not have a trial with this teacher now (null: they may). */
export function trialRefusal(e: TrialEligibility, paymentId?: string): string | null {
  if (e.trial.takenBy !== null && e.trial.takenBy !== paymentId) return TRIAL_MESSAGES.alreadyHad;
  if (e.boughtHours) return TRIAL_MESSAGES.boughtHours;
  return null;
}

/**
 * The checks when a trial checkout starts: the teacher offers a trial, it is one hour, the student
 * has had none and bought no hours from this teacher. Returns the hour's price (the trial rate).
 * The same checks run again when the payment is credited (decidePaymentConfirmation).
 */
export function assertTrialCheckout(input: {
  trialRateCents: number | null;
  hourlyRateCents: number;
  hours: number;
  eligibility: TrialEligibility;
}): number {
  const { trialRateCents } = input;
  if (trialRateCents === null || !validTrialRate(trialRateCents, input.hourlyRateCents)) {
    throw new DomainError('conflict', TRIAL_MESSAGES.notOffered);
  }
  if (input.hours !== 1) throw new DomainError('invalid', TRIAL_MESSAGES.oneHour);
  const refusal = trialRefusal(input.eligibility);
  if (refusal) throw new DomainError('conflict', refusal);
  return trialRateCents;
}
