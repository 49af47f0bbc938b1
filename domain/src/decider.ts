/** The shape every capability's decider shares, and helpers to run one. */
import { DomainError } from './errors.ts';

export interface Decider<Command, State, Ev> {
  initialState: State;
  evolve(state: State, event: Ev): State;
  decide(command: Command, state: State): Ev[];
}

/** The state after the given events, starting from the decider's initial state. */
export function fold<State, Ev>(decider: Pick<Decider<unknown, State, Ev>, 'initialState' | 'evolve'>, events: readonly Ev[]): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Reads a command's `now` (an ISO-8601 instant supplied by the caller's clock). */
export function instant(now: string, what = 'now'): Date {
  const d = new Date(now);
  // i18n-ignore: `now` comes from the server clock; a bad one is a programming error
  if (Number.isNaN(d.getTime())) throw new DomainError('invalid', 'common.invalidInstant', { what, now });
  return d;
}

/** Normalises an ISO instant to the canonical UTC form stored in events. */
export function isoOf(now: string): string {
  return instant(now).toISOString();
}

/** Compile-time proof that a switch handled every case. */
export function assertNever(value: never): never {
  // i18n-ignore: a programming error (500), never shown to people
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** Events to append to one stream; a workflow returns one per stream that changes. */
export interface StreamWrite<Ev = import('./events.ts').ParliamoEvent> {
  stream: string;
  events: Ev[];
}

/** Keeps only the writes that carry events. */
export function nonEmpty(writes: StreamWrite[]): StreamWrite[] {
  return writes.filter((w) => w.events.length > 0);
}
