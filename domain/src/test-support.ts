/** Test helpers for deciders: given(events).when(command).then(events | error). Used by *.test.ts only. */
import { expect } from 'vitest';
import { type Decider, fold } from './decider.ts';
import { DomainError, readErrorRef, type DomainErrorKind, type ErrorCode, type ErrorParams } from './errors.ts';
import englishErrors from './i18n/locales/en/errors.json' with { type: 'json' };
import { formatMessage } from './i18n/messages.ts';

/** A code's English message, as the API answers it (the errors catalogue), for tests that compare sentences. */
export function englishError(code: ErrorCode, params?: ErrorParams): string {
  return formatMessage(englishErrors, code, 'en', params);
}

export type ExpectedError = { error: DomainErrorKind; message?: string };

/** A contract's message (a zod issue's, made by errorRef) in English; any other text as it is. */
export function englishIssue(message: string | undefined): string | undefined {
  const ref = message === undefined ? null : readErrorRef(message, (code) => code in englishErrors);
  return ref ? englishError(ref.code, ref.params) : message;
}

/** Runs `fn` and checks it throws a DomainError of that kind (and English message, when given). */
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
  if (expected.message !== undefined) expect(englishError(err.code, err.params)).toBe(expected.message);
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
