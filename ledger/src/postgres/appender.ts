import type pg from 'pg';

/** One append as the SQL functions take it. */
export interface AppendBody {
  streams: string[];
  kinds: string[];
  expected: (number | null)[];
  counts: number[];
  events: { s: number; id: string; type: string; data: unknown; metadata: unknown }[];
}

export interface AppendRow {
  commit_id: string;
  last_position: string;
  revisions: (string | number)[];
  duplicate: boolean;
}

/** A failed append as PostgreSQL reported it (a pg.DatabaseError, or a row of ledger_append_batch). */
export interface AppendFailure {
  code?: string;
  message: string;
  detail?: string;
  constraint?: string;
}

interface Call {
  body: AppendBody;
  attempts: number;
  resolve: (row: AppendRow) => void;
  fail: (failure: AppendFailure, raw: unknown) => void;
}

interface BatchRow extends AppendRow {
  ord: number;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
  error_constraint: string | null;
}

/** Worth trying again: the same ids committed meanwhile, a stream's order, or a deadlock. */
function retryable(f: AppendFailure): boolean {
  return (
    f.code === 'PL401' ||
    f.code === '40P01' ||
    f.code === '40001' ||
    (f.code === '23505' && f.constraint === 'events_event_id_key')
  );
}

const MAX_ATTEMPTS = 20;

/**
 * Write combining: appends that arrive while earlier ones are in flight go to PostgreSQL together,
 * in one call of ledger_append_batch (one transaction, one commit, one WAL flush), each in its own
 * subtransaction so that each succeeds or fails alone. A lone append uses ledger_append directly.
 */
export class Appender {
  private readonly queue: Call[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onCommitted: () => void,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 32,
  ) {}

  /** Queues one append; a failure comes back as AppendFailure (the store translates it). */
  submit(body: AppendBody): Promise<{ row: AppendRow } | { failure: AppendFailure; raw: unknown }> {
    return new Promise((resolve) => {
      this.queue.push({
        body,
        attempts: 0,
        resolve: (row) => resolve({ row }),
        fail: (failure, raw) => resolve({ failure, raw }),
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private retryOrFail(call: Call, failure: AppendFailure, raw: unknown): void {
    if (retryable(failure) && ++call.attempts < MAX_ATTEMPTS) this.queue.unshift(call);
    else call.fail(failure, raw);
  }

  private async run(batch: Call[]): Promise<void> {
    let committed = false;
    if (batch.length === 1) {
      const call = batch[0]!;
      const b = call.body;
      try {
        const res = await this.pool.query<AppendRow>({
          name: 'ledger_append',
          text: 'SELECT * FROM ledger_append($1, $2, $3, $4, $5)',
          values: [b.streams, b.kinds, b.expected, b.counts, JSON.stringify(b.events)],
        });
        const row = res.rows[0]!;
        committed = !row.duplicate;
        call.resolve(row);
      } catch (e) {
        this.retryOrFail(call, e as AppendFailure, e);
      }
    } else {
      try {
        const res = await this.pool.query<BatchRow>({
          name: 'ledger_append_batch',
          text: 'SELECT * FROM ledger_append_batch($1)',
          values: [JSON.stringify(batch.map((c) => c.body))],
        });
        for (const row of res.rows) {
          const call = batch[row.ord]!;
          if (row.error_code === null) {
            committed ||= !row.duplicate;
            call.resolve(row);
          } else {
            const failure: AppendFailure = {
              code: row.error_code,
              message: row.error_message ?? 'append failed',
              detail: row.error_detail ?? undefined,
              constraint: row.error_constraint ?? undefined,
            };
            const raw = Object.assign(new Error(failure.message), failure);
            this.retryOrFail(call, failure, raw);
          }
        }
      } catch (e) {
        // The whole transaction failed (connection lost, deadlock at commit...): each call alone decides.
        for (const call of batch) this.retryOrFail(call, e as AppendFailure, e);
      }
    }
    if (committed) this.onCommitted();
  }
}
