import type { FastifyInstance } from 'fastify';
import { ConcurrencyError, PartialDuplicateError, type AppendResult, type EventStore } from '@parliamo/ledger';
import { DomainError, type Clock, type ErrorCode } from '@parliamo/domain';
import type { ProjectionRunner, Queryable } from '@parliamo/projections';
import { LedgerSession } from './ledger-session.ts';
import type { StreamStates } from './stream-states.ts';

/**
 * What a command uses: the ledger, the read models it waits for, the memo of folded streams, the
 * database (read models, ordinary tables) and the clock. Commands get this, never the Fastify app.
 */
export interface CommandDeps {
  ledger: EventStore;
  projections: Pick<ProjectionRunner, 'waitFor'>;
  streamStates?: StreamStates;
  /** One query at a time (a pool, a client): a command needs no transaction of its own outside the ledger. */
  db: Queryable;
  clock: Clock;
}

/** The command dependencies the app was decorated with (routes and timers build them here). */
export function commandDeps(app: FastifyInstance): CommandDeps {
  return { ledger: app.ledger, projections: app.projections, streamStates: app.streamStates, db: app.pool, clock: app.clock };
}

const ATTEMPTS = 6;
/** How long a write waits for the read models (a busy machine can lag; the write itself is done). */
const PROJECTION_WAIT_MS = 15_000;

/**
 * Runs a command (load, decide, append) and waits until the read models show its result, so the
 * caller's next read sees it (invariant 8). When another request changed one of the streams in
 * between, the command runs again on fresh state: the decider then refuses with its own message
 * (slot taken) or succeeds (another hour of the same package was spent meanwhile). A partial
 * duplicate (some of the append's fact ids recorded already, by a repeat of the same fact that decided
 * on other state, e.g. two deliveries of one payment on either side of a write to its trial stream)
 * means the same: what was read is stale, so the command runs again and finds the fact recorded.
 */
export async function runCommand<T>(
  deps: CommandDeps,
  command: (session: LedgerSession) => Promise<{ result: AppendResult | null; value: T }>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { result, value } = await command(new LedgerSession(deps.ledger, deps.streamStates));
      if (result) await deps.projections.waitFor(result.position, PROJECTION_WAIT_MS);
      return value;
    } catch (e) {
      if (!(e instanceof ConcurrencyError || e instanceof PartialDuplicateError)) throw e;
      if (attempt >= ATTEMPTS) throw new DomainError('conflict', conflictMessage(e instanceof ConcurrencyError ? e.stream : ''));
      // Exponential backoff with jitter: a burst of identical deliveries (a webhook sent five times at once)
      // spreads out instead of colliding again; a lost slot race ends on the first retry anyway.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** attempt));
    }
  }
}

function conflictMessage(stream: string): ErrorCode {
  if (stream.startsWith('teacher-slot-')) return 'lessons.slotTaken';
  if (stream.startsWith('student-slot-')) return 'lessons.youAreBusy';
  return 'common.concurrentChange';
}
