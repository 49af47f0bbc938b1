import crypto from 'node:crypto';
import type { AppendResult, EventStore, ExpectedVersion } from '@parliamo/ledger';
import type { ParliamoEvent } from '@parliamo/domain';
import type { StreamStates } from './stream-states.ts';

interface Folds<S, E> {
  initialState: S;
  evolve(state: S, event: E): S;
}

/** A stream to load and the decider that folds it. */
type Load = readonly [stream: string, decider: Folds<any, any>];
type StateOf<L> = L extends readonly [string, Folds<infer S, any>] ? S : never;

/**
 * One command's view of the ledger: the streams it loaded (remembering each one's revision) and
 * the one atomic append of its decision with those revisions as expected versions.
 */
export class LedgerSession {
  private readonly versions = new Map<string, ExpectedVersion>();
  constructor(
    private readonly store: EventStore,
    /** Folded states from earlier commands: only the events after them are read (see StreamStates). */
    private readonly states?: StreamStates,
  ) {}

  /** Folds a stream into its decider's state and remembers the revision it was read at. */
  async load<S, E>(stream: string, decider: Folds<S, E>): Promise<S> {
    const [state] = await this.loadMany([[stream, decider]] as const);
    return state;
  }

  /** Several streams at once (one read from the ledger), each folded by its own decider. */
  async loadMany<const T extends readonly Load[]>(loads: T): Promise<{ -readonly [K in keyof T]: StateOf<T[K]> }> {
    const known = loads.map(([stream, decider]) => this.states?.get<unknown>(stream, decider));
    const read = await this.store.readStreams(
      loads.map(([stream], i) => (known[i] ? { stream, fromRevision: known[i]!.revision + 1 } : { stream })),
    );
    return loads.map(([stream, decider], i) => {
      const events = read[i]!;
      let state = known[i] ? known[i]!.state : decider.initialState;
      for (const e of events) state = decider.evolve(state, { type: e.type, data: e.data });
      const revision = events.length ? events[events.length - 1]!.revision : known[i]?.revision;
      this.versions.set(stream, revision ?? 'no_stream');
      if (revision !== undefined && events.length) this.states?.set(stream, decider, revision, state);
      return state;
    }) as { -readonly [K in keyof T]: StateOf<T[K]> };
  }

  /**
   * Appends every write at once, each stream at the revision it was loaded at. Events get random ids
   * unless `eventId` names them: facts a provider may report again (webhooks) get ids derived from the
   * fact, so a repeat is a no-op in the ledger. `eventId` gets each event's `occurrence`: how many events
   * of its type come before it in its stream's write (0 for the first), so that two events of one type
   * in one append (two refund requests one refund completes) get two ids.
   */
  async append(
    writes: { stream: string; events: ParliamoEvent[] }[],
    metadata: Record<string, unknown>,
    eventId: (stream: string, event: ParliamoEvent, occurrence: number) => string = () => crypto.randomUUID(),
  ): Promise<AppendResult> {
    return this.store.append(
      writes.map((w) => {
        const expectedVersion = this.versions.get(w.stream);
        // i18n-ignore: a programming error (500), never shown to people
        if (expectedVersion === undefined) throw new Error(`Stream ${w.stream} was written without being loaded`);
        const seen = new Map<string, number>();
        const events = w.events.map((e) => {
          const occurrence = seen.get(e.type) ?? 0;
          seen.set(e.type, occurrence + 1);
          return { id: eventId(w.stream, e, occurrence), type: e.type, data: e.data, metadata };
        });
        return { stream: w.stream, expectedVersion, events };
      }),
    );
  }
}
