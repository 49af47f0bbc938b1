import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { streams, type Clock, type SdiOutcomeRecorded } from '@parliamo/domain';
import type { EventStore } from '@parliamo/ledger';
import { factId } from '../payments/ids.ts';
import type { SdiAnswer, SdiChannel } from './sdi.ts';

/** The wait after the first failed attempt; it doubles with each attempt, up to six hours. */
export const SDI_FIRST_RETRY_MS = 60_000;
const SDI_MAX_RETRY_MS = 6 * 60 * 60 * 1000;
/** How long after attempt number `attempt` (1, 2, ...) a document is tried (or asked about) again. */
export const sdiRetryDelayMs = (attempt: number): number => Math.min(SDI_FIRST_RETRY_MS * 2 ** (attempt - 1), SDI_MAX_RETRY_MS);

const STATUS_OF = { RC: 'delivered', MC: 'not_delivered', NS: 'rejected' } as const;

interface Due {
  id: string;
  file_name: string;
  xml: string;
  status: 'ready' | 'sending';
  sdi_id: string | null;
  attempts: number;
}

/**
 * The SdI outbox: fiscal_documents rows that are ready (or handed over and waiting for their outcome)
 * and due. Each pass takes due rows (SKIP LOCKED, so processes share the work) and moves their next
 * attempt ahead by the backoff before calling the channel (the lease: a process that dies mid-call
 * leaves a row that becomes due again). An outcome is recorded in the ledger (SdiOutcomeRecorded, its
 * id derived from the transmission and the outcome, so recording it twice appends nothing), then on
 * the row. A transport failure keeps the row due later; nothing is lost while the SdI is down.
 */
export class SdiSender {
  constructor(private readonly o: { pool: pg.Pool; ledger: EventStore; channel: SdiChannel; clock: Clock; log: FastifyBaseLogger; batchSize?: number }) {}

  /** Sends (or asks about) every document due now; returns how many it tried. */
  async sendDue(): Promise<number> {
    const due = await this.take();
    for (const d of due) {
      try {
        const answer = d.status === 'sending' && d.sdi_id ? await this.o.channel.outcome(d.sdi_id) : await this.o.channel.send({ fileName: d.file_name, xml: d.xml });
        await this.record(d, answer);
      } catch (e) {
        this.o.log.warn({ err: e, document: d.id }, 'SdI transmission failed; trying again later');
        await this.o.pool.query(`UPDATE fiscal_documents SET last_error = $2, updated_at = now() WHERE id = $1`, [d.id, (e as Error).message.slice(0, 500)]);
      }
    }
    return due.length;
  }

  private async take(): Promise<Due[]> {
    const now = this.o.clock.now();
    const { rows } = await this.o.pool.query<Due>(
      `WITH due AS (
         SELECT id FROM fiscal_documents WHERE status IN ('ready', 'sending') AND next_attempt_at <= $1
          ORDER BY next_attempt_at, issued_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       UPDATE fiscal_documents d SET attempts = d.attempts + 1,
              next_attempt_at = $1::timestamptz + make_interval(secs => least($3::float8 * power(2, d.attempts), $4::float8) / 1000)
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.file_name, d.xml, d.status, d.sdi_id, d.attempts`,
      [now, this.o.batchSize ?? 10, SDI_FIRST_RETRY_MS, SDI_MAX_RETRY_MS],
    );
    return rows;
  }

  private async record(d: Due, a: SdiAnswer): Promise<void> {
    if (a.status === 'pending') {
      await this.o.pool.query(`UPDATE fiscal_documents SET status = 'sending', sdi_id = $2, last_error = NULL, updated_at = now() WHERE id = $1`, [d.id, a.sdiId]);
      return;
    }
    const event: SdiOutcomeRecorded = {
      type: 'SdiOutcomeRecorded',
      data: { documentId: d.id, sdiId: a.sdiId, outcome: a.status, errorCode: a.errorCode, errorText: a.errorText, recordedAt: this.o.clock.now().toISOString() },
    };
    await this.o.ledger.append([{ stream: streams.sdi(d.id), expectedVersion: 'any', events: [{ id: factId('sdi', d.id, a.sdiId, a.status), ...event }] }]);
    await this.o.pool.query(
      `UPDATE fiscal_documents SET status = $2, sdi_id = $3, sdi_code = $4, sdi_message = $5, last_error = NULL, updated_at = now() WHERE id = $1`,
      [d.id, STATUS_OF[a.status], a.sdiId, a.status === 'NS' ? a.errorCode : null, a.status === 'NS' ? a.errorText : null],
    );
  }
}
