/**
 * Trial lessons (issue 17): a teacher may offer one hour at a trial rate below their hourly rate; a
 * student who never bought hours from that teacher may buy it once. The one trial per student and
 * teacher is the stream trial-{studentId}-{teacherId}: the confirmation that credits a trial appends
 * TrialTaken to it at the revision it read, so two paid trials contend on that stream and only one is
 * credited (the other stays paid and not credited, flagged for the admin to refund). The confirmation
 * that credits the student's first ordinary purchase from the teacher appends TrialForfeited to the
 * same stream, so a trial and a purchase credited at the same moment are serialized too.
 */
import { assertNever, type Decider } from '../decider.ts';
import { DomainError, type ErrorCode } from '../errors.ts';
import type { TrialEvent } from '../events.ts';


export interface TrialState {
  /** The trial payment that was credited; null while the student has had no trial with this teacher. */
  takenBy: string | null;
  /** The ordinary purchase from this teacher that ended the student's right to a trial (TrialForfeited); else null. */
  forfeitedBy: string | null;
}

export const initialTrialState: TrialState = { takenBy: null, forfeitedBy: null };

export function evolveTrial(state: TrialState, event: TrialEvent): TrialState {
  // The first of each counts; a second can only come from a bug, and never gives a second trial.
  switch (event.type) {
    case 'TrialTaken':
      return state.takenBy ? state : { ...state, takenBy: event.data.paymentId };
    case 'TrialForfeited':
      return state.forfeitedBy ? state : { ...state, forfeitedBy: event.data.paymentId };
    default:
      return assertNever(event);
  }
}

/** Whether the stream has settled the student's trial with this teacher (taken or forfeited): nothing more is written to it. */
export function trialSettled(state: TrialState): boolean {
  return state.takenBy !== null || state.forfeitedBy !== null;
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
  /** The student's trial with this teacher, from the ledger (TrialTaken, TrialForfeited). */
  trial: TrialState;
  /**
   * Whether the hour-packages read model has hours of the student from this teacher other than this
   * trial payment's. Purchases credited before TrialForfeited existed are known only there; anything
   * credited since is also on the stream, which is what serializes a trial against a purchase.
   */
  boughtHours: boolean;
}

/** Why a student may not have a trial with this teacher now (null: they may). */
export function trialRefusal(e: TrialEligibility, paymentId?: string): ErrorCode | null {
  // The trial this payment itself took is no reason to refuse it.
  if (e.trial.takenBy !== null) return e.trial.takenBy === paymentId ? null : 'trial.alreadyHad';
  if (e.trial.forfeitedBy !== null || e.boughtHours) return 'trial.boughtHours';
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
    throw new DomainError('conflict', 'trial.notOffered');
  }
  if (input.hours !== 1) throw new DomainError('invalid', 'trial.oneHour');
  const refusal = trialRefusal(input.eligibility);
  if (refusal) throw new DomainError('conflict', refusal);
  return trialRateCents;
}
