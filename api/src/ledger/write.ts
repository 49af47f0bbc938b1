import {
  ConcurrencyError,
  type AppendRequest,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
} from '@parliamo/ledger';
import { fold, type Decider, type StreamWrite } from '@parliamo/domain';

/** A stream's state as its decider folds it, and the version an append must expect. */
export interface LoadedStream<S> {
  stream: string;
  state: S;
  version: ExpectedVersion;
}

/** Reads one stream and folds it with its decider's evolve. */
export async function loadStream<S, E>(
  ledger: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
): Promise<LoadedStream<S>> {
  const events = await ledger.readStream(stream);
  const last = events[events.length - 1];
  return { stream, state: fold(decider, events as unknown as E[]), version: last ? last.revision : 'no_stream' };
}

/**
 * Turns a decision's writes into append requests with the expected version of each loaded stream.
 * `eventId` names each event (default: a random UUID); pass a deterministic one for facts that may be
 * reported again (provider webhooks), so a repeat appends nothing.
 */
export function appendRequests(
  writes: StreamWrite[],
  loaded: LoadedStream<unknown>[],
  eventId: (write: StreamWrite, index: number) => string = () => crypto.randomUUID(),
): AppendRequest[] {
  return writes
    .filter((w) => w.events.length > 0)
    .map((w) => {
      const stream = loaded.find((l) => l.stream === w.stream);
      if (!stream) throw new Error(`Decision writes to ${w.stream}, which was not loaded`);
      const events: NewEvent[] = w.events.map((e, i) => ({ id: eventId(w, i), type: e.type, data: e.data }));
      return { stream: w.stream, expectedVersion: stream.version, events };
    });
}

/**
 * The write path of every command: `attempt` loads its streams, decides and returns the append
 * requests; they are appended atomically. When another writer changed one of the streams meanwhile
 * (ConcurrencyError) the whole attempt runs again on fresh state. Returns the position to wait for,
 * or null when the decision wrote nothing (e.g. a repeated notification).
 */
export async function decideAndAppend(ledger: EventStore, attempt: () => Promise<AppendRequest[]>, retries = 5): Promise<Position | null> {
  for (let i = 0; ; i++) {
    const requests = (await attempt()).filter((r) => r.events.length > 0);
    if (requests.length === 0) return null;
    try {
      return (await ledger.append(requests)).position;
    } catch (e) {
      if (e instanceof ConcurrencyError && i < retries) continue;
      throw e;
    }
  }
}
