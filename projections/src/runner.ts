import type pg from 'pg';
import type { EventStore, Position, RecordedEvent } from '@parliamo/ledger';
import { comparePositions, formatPosition, poolConnectionConfig } from '@parliamo/ledger';
import {
  lockCheckpoints,
  reached,
  readCheckpoints,
  samePosition,
  writeCheckpoint,
  writeCheckpoints,
} from './checkpoints.ts';
import { ProjectionLocks } from './locks.ts';
import { Doorbell, Serial } from './background.ts';
import { asProjected, createTables, inTransaction, liveTables, rebuildProjection } from './rebuild.ts';
import type { Projection } from './types.ts';

/** A projection's share of a pass: the events after its checkpoint `from`. */
interface Batch {
  p: Projection;
  from: Position | null;
  events: RecordedEvent[];
}

const lastPosition = (w: Batch): Position => w.events[w.events.length - 1]!.position;

export interface ProjectionRunnerOptions {
  /** Events read and applied per transaction while catching up (default 1000). */
  batchSize?: number;
  /** Events per transaction in a rebuild (default 5000). */
  rebuildBatchSize?: number;
  /** Fallback poll, and how often locks held elsewhere are tried again (default 1000 ms). */
  pollIntervalMs?: number;
  /** Poll period while someone waits in waitFor (default 10 ms). */
  waitPollMs?: number;
  /** Failures of a projection or of the loop (the runner retries; it never throws them). */
  onError?: (error: unknown, projection?: string) => void;
  /**
   * Commit each batch durably (default false: the commit does not wait for the WAL flush, see
   * inTransaction). Streaming replicas receive only flushed WAL, so with replicas serving reads a
   * write's read models reach them as soon as the write is answered, not at the WAL writer's next round.
   */
  durable?: boolean;
  /** Settings for the dedicated lock connection (default: the pool's own). */
  lockConfig?: pg.ClientConfig;
  /** Told when a projection's checkpoint moved (here or, while someone waits, in another process). */
  onAdvanced?: (projection: string) => void;
}

export interface ProjectionLag {
  name: string;
  version: number;
  /** The stored checkpoint (null: nothing processed yet or never started). */
  position: Position | null;
  /** Events readable after the checkpoint, counted up to 1000. */
  eventsBehind: number;
  caughtUp: boolean;
  /** Whether this runner holds the projection's lock (else another process works it). */
  workedHere: boolean;
}

export class ProjectionTimeoutError extends Error {
  constructor(position: Position, behind: string[]) {
    super(`Read models not at ${formatPosition(position)} in time: ${behind.join(', ')}`);
    this.name = 'ProjectionTimeoutError';
  }
}

interface Waiter {
  target: Position;
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Keeps read models up to date: catches up from stored checkpoints, applies each batch and moves its
 * checkpoint in one transaction, works only the projections whose advisory lock it holds, rebuilds
 * a projection whose version changed, and lets writers wait until their events are projected.
 */
export class ProjectionRunner {
  private readonly byName: Map<string, Projection>;
  private readonly locks: ProjectionLocks;
  /** Checkpoints this runner works (held lock, prepared), authoritative while held. */
  private readonly working = new Map<string, Position | null>();
  /** Last known checkpoint of every projection (ours, or polled from the table). */
  private readonly known = new Map<string, Position | null>();
  private readonly failingUntil = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly pollMs: number;
  private readonly durable: boolean;
  private readonly waitPollMs: number;
  private readonly onError: (e: unknown, projection?: string) => void;
  private readonly onAdvanced: (projection: string) => void;
  private running = false;
  private loopDone: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly bell = new Doorbell();
  private nextLockAttempt = 0;
  private readonly serial = new Serial();
  private pollTimer: NodeJS.Timeout | null = null;
  /** Whether the last pass's read of the ledger came back full (more may be readable at once). */
  private lastReadFull = false;
  /** The loop sleeps for pollMs (nobody waited when it lay down). */
  private sleepingLong = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    readonly projections: Projection[],
    options: ProjectionRunnerOptions = {},
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
    if (this.byName.size !== projections.length) throw new Error('Two projections share a name');
    this.batchSize = options.batchSize ?? 1000;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 5000;
    this.pollMs = options.pollIntervalMs ?? 1000;
    this.durable = options.durable ?? false;
    this.waitPollMs = options.waitPollMs ?? 10;
    this.onError = options.onError ?? ((e, p) => console.error(`projection runner${p ? ` (${p})` : ''}:`, e));
    this.onAdvanced = options.onAdvanced ?? (() => {});
    this.locks = new ProjectionLocks(options.lockConfig ?? poolConnectionConfig(pool), () => {
      this.working.clear();
      this.nextLockAttempt = 0;
      this.poke();
    });
  }

  /** Starts the background loop (woken by the ledger, with a slow fallback poll). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = await this.store.subscribe(() => this.poke());
    this.loopDone = this.loop();
  }

  /** Stops the loop, releases the locks, and fails pending waitFor calls. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.poke();
    await this.loopDone;
    await this.exclusive(() => this.locks.close());
    this.working.clear();
    for (const w of this.waiters) w.reject(new Error('Projection runner stopped'));
    this.waiters.clear();
    this.updatePolling();
  }

  /** Processes everything readable now for the projections this runner can lock, then returns. */
  async catchUp(): Promise<void> {
    this.nextLockAttempt = 0;
    while (await this.exclusive(() => this.pass())) {
      /* until a pass finds nothing new */
    }
  }

  /**
   * Resolves once every projection has processed `position` (a position the ledger returned for an
   * append), whichever process works it; rejects with ProjectionTimeoutError after `timeoutMs`.
   */
  waitFor(position: Position, timeoutMs = 5_000): Promise<void> {
    if (this.satisfied(position)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        target: position,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          this.updatePolling();
          const behind = this.projections.filter((p) => !reached(this.known.get(p.name) ?? null, position));
          reject(new ProjectionTimeoutError(position, behind.map((p) => p.name)));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
      this.updatePolling();
      // After the wake-up of the append being waited for (the ledger schedules it with setImmediate
      // before returning): the loop is awake by then and needs no poke, which would cost a second pass.
      setImmediate(() => void this.pollCheckpoints());
    });
  }

  /** Where each projection stands, for readiness checks and metrics. */
  async lag(): Promise<ProjectionLag[]> {
    const stored = await readCheckpoints(this.pool, [...this.byName.keys()]);
    return Promise.all(
      this.projections.map(async (p) => {
        const c = stored.get(p.name);
        const position = c?.position ?? null;
        const behind = await this.store.readAll(position, 1000);
        return {
          name: p.name,
          version: c?.version ?? p.version,
          position,
          eventsBehind: behind.length,
          caughtUp: behind.length === 0 && c?.version === p.version,
          workedHere: this.working.has(p.name),
        };
      }),
    );
  }

  /** Rebuilds one projection from zero now (this runner must be able to take its lock). */
  async rebuild(name: string): Promise<void> {
    const p = this.byName.get(name);
    if (!p) throw new Error(`No projection named ${name}`);
    await this.exclusive(async () => {
      const held = await this.locks.tryAcquire([name]);
      if (!held.has(name)) throw new Error(`Projection ${name} is worked by another process`);
      const { position } = await rebuildProjection(this.pool, this.store, p, { batchSize: this.rebuildBatchSize });
      this.working.set(name, position);
      this.advanced(name, position);
    });
  }

  private async loop(): Promise<void> {
    let backoff = 100;
    while (this.running) {
      try {
        const progressed = await this.exclusive(() => this.pass());
        backoff = 100;
        // A batch short of its limit read everything readable then: what commits later rings the
        // bell (or, while someone waits, the checkpoint poll does), so no read that finds nothing.
        if (progressed && this.lastReadFull) continue;
      } catch (e) {
        this.onError(e);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
      await this.idle();
    }
  }

  private async idle(): Promise<void> {
    if (!this.running) return;
    // While someone waits the loop reads again every waitPollMs by itself; a long sleep is ended by
    // the first poll of a new waiter (pollCheckpoints).
    this.sleepingLong = this.waiters.size === 0;
    try {
      await this.bell.sleep(this.sleepingLong ? this.pollMs : this.waitPollMs);
    } finally {
      this.sleepingLong = false;
    }
  }

  private poke(): void {
    this.bell.ring();
  }

  /** Serialises passes, rebuilds and catch-ups of this runner. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial.run(fn);
  }

  /** One step: take free locks, then apply one batch to each projection worked here. */
  private async pass(): Promise<boolean> {
    this.bell.answer();
    if (Date.now() >= this.nextLockAttempt) {
      this.nextLockAttempt = Date.now() + this.pollMs;
      const held = await this.locks.tryAcquire([...this.byName.keys()]);
      for (const name of held) if (!this.working.has(name)) await this.prepare(this.byName.get(name)!);
    }
    const now = Date.now();
    const active = [...this.working.entries()].filter(([n]) => (this.failingUntil.get(n) ?? 0) <= now);
    if (active.length === 0) return false;
    const from = active
      .map(([, pos]) => pos)
      .reduce((a, b) => (a === null || b === null ? null : comparePositions(a, b) <= 0 ? a : b));
    const events = await this.store.readAll(from, this.batchSize);
    this.lastReadFull = events.length >= this.batchSize;
    if (events.length === 0) return false;
    const work: Batch[] = active
      .map(([name, pos]) => ({
        p: this.byName.get(name)!,
        from: pos,
        events: pos === null ? events : events.filter((e) => comparePositions(e.position, pos) > 0),
      }))
      .filter((w) => w.events.length > 0);
    // Usually every projection is at the same place: one transaction for all of them. When that
    // fails, each goes alone, so that one failing projection does not hold the others back.
    if (!(await this.applyBatches(work))) for (const w of work) await this.applyBatches([w]);
    return true;
  }

  /** A lock just taken: create the tables on first run, rebuild when the version changed. */
  private async prepare(p: Projection): Promise<void> {
    try {
      const stored = (await readCheckpoints(this.pool, [p.name])).get(p.name);
      if (stored && stored.version > p.version) {
        // A newer deployment owns this model: leave it alone rather than rebuild it backwards.
        await this.locks.release(p.name);
        throw new Error(`Stored version ${stored.version} is newer than this code's ${p.version}`);
      }
      let position = stored?.position ?? null;
      if (!stored) {
        await inTransaction(this.pool, async (client) => {
          for (const t of p.tables) await client.query(`DROP TABLE IF EXISTS "${t}"`);
          await createTables(client, p, liveTables(p));
          await writeCheckpoint(client, { name: p.name, version: p.version, position: null });
        }, { durable: true });
      } else if (stored.version < p.version) {
        position = (await rebuildProjection(this.pool, this.store, p, { batchSize: this.rebuildBatchSize })).position;
      }
      this.working.set(p.name, position);
      this.advanced(p.name, position);
    } catch (e) {
      this.onError(e, p.name);
      this.failingUntil.set(p.name, Date.now() + this.pollMs);
    }
  }

  /**
   * Applies the projections' batches in one transaction: one statement locks their checkpoints, one
   * moves them, one commit (instead of four statements and a commit per projection). False when it
   * failed: nothing was written. A group of one reports its failure and rests until the next poll.
   */
  private async applyBatches(work: Batch[]): Promise<boolean> {
    let outcome: { done: Batch[]; stale: Batch[] };
    try {
      outcome = await inTransaction(this.pool, async (client) => {
        const stored = await lockCheckpoints(client, work.map((w) => w.p.name));
        const done: Batch[] = [];
        const stale: Batch[] = [];
        for (const w of work) {
          const c = stored.get(w.p.name);
          // Someone else moved it (we lost the lock at some point): drop this batch and re-read.
          if (!c || c.version !== w.p.version || !samePosition(c.position, w.from)) stale.push(w);
          else done.push(w);
        }
        for (const w of done) await w.p.apply(client, asProjected(w.events), liveTables(w.p));
        await writeCheckpoints(client, done.map((w) => ({ name: w.p.name, version: w.p.version, position: lastPosition(w) })));
        return { done, stale };
      }, { durable: this.durable });
    } catch (e) {
      if (work.length > 1) return false;
      this.onError(e, work[0]!.p.name);
      this.failingUntil.set(work[0]!.p.name, Date.now() + this.pollMs);
      return true;
    }
    for (const w of outcome.stale) {
      this.working.delete(w.p.name);
      await this.locks.release(w.p.name);
    }
    for (const w of outcome.done) {
      this.failingUntil.delete(w.p.name);
      this.working.set(w.p.name, lastPosition(w));
      this.advanced(w.p.name, lastPosition(w));
    }
    return true;
  }

  private advanced(name: string, position: Position | null): void {
    this.known.set(name, position);
    this.onAdvanced(name);
    for (const w of [...this.waiters]) {
      if (this.satisfied(w.target)) {
        clearTimeout(w.timer);
        this.waiters.delete(w);
        w.resolve();
      }
    }
    this.updatePolling();
  }

  private satisfied(target: Position): boolean {
    return this.projections.every((p) => reached(this.known.get(p.name) ?? null, target));
  }

  /** While someone waits: read checkpoints other processes move, and retry our own reads soon. */
  private updatePolling(): void {
    if (this.waiters.size > 0 && !this.pollTimer) {
      this.pollTimer = setInterval(() => void this.pollCheckpoints(), this.waitPollMs);
    } else if (this.waiters.size === 0 && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = null;
    }
  }

  private polling = false;
  private async pollCheckpoints(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const others = this.projections.filter((p) => !this.working.has(p.name)).map((p) => p.name);
      if (others.length > 0) {
        const stored = await readCheckpoints(this.pool, others);
        for (const [name, c] of stored) if (c.version === this.byName.get(name)!.version) this.advanced(name, c.position);
      }
      // Our own reads: only a loop in its long sleep needs waking (else it reads within waitPollMs,
      // and a poke during a pass would cost one more read of the ledger that finds nothing).
      if (this.working.size > 0 && this.sleepingLong) this.poke();
    } catch (e) {
      this.onError(e);
    } finally {
      this.polling = false;
    }
  }
}
