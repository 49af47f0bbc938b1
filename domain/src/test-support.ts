/** Test helpers for deciders: given(events).when(command).then(events | error). Used by *.test.ts only. */
import { expect } from 'vitest';
import { type Decider, fold } from './decider.ts';
import { DomainError, type DomainErrorKind } from './errors.ts';

export type ExpectedError = { error: DomainErrorKind; message?: string };

/** Runs `fn` and checks it throws a DomainError of that kind (and message, when given). */
export function expectDomainError(fn: () => unknown, expected: ExpectedError): void {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, 'expected a DomainError').toBeInstanceOf(DomainError);
  const err = thrown as DomainError;
  expect(err.kind).toBe(expected.error);
  if (expected.message !== undefined) expect(err.message).toBe(expected.message);
}

/** given(decider, past events).when(command).then(new events | { error, message }). */
export function given<C, S, E>(decider: Decider<C, S, E>, events: readonly E[]) {
  return {
    when(command: C) {
      const run = () => decider.decide(command, fold(decider, events));
      return {
        then(expected: readonly E[] | ExpectedError): void {
          if (Array.isArray(expected)) expect(run()).toEqual(expected);
          else expectDomainError(run, expected as ExpectedError);
        },
      };
    },
  };
}
