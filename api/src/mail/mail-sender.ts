import type { MailKind } from '@parliamo/domain';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@parliamo/domain';
import { Doorbell, Serial } from '@parliamo/projections';
import type { Mailer } from './mailer.ts';
import type { MailMessage } from './lesson-mails.ts';

/** A row of mail_queue that is due: what to write and to whom (see mail/migrations.ts). */
export interface PendingMail {
  id: string;
  kind: MailKind;
  recipientRole: 'student' | 'teacher';
  ref: string;
  params: Record<string, unknown>;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** A queued mail written out, for its recipient. */
export interface RenderedMail {
  message: MailMessage;
  recipientId: string;
  /** The recipient's notification setting when the renderer read it with the mail (else `declined` reads it). */
  notificationsOff?: boolean;
}

/**
 * Writes a queued mail from current data; throws when it cannot yet (the sender retries); null: no
 * longer needed. `batch` lives for one batch of the queue: a renderer may keep what it read there
 * for the batch's other mails (the other party's mail of the same lesson).
 */
export type RenderMail = (mail: PendingMail, now: Date, batch: Map<string, Promise<unknown>>) => Promise<RenderedMail | null>;

/** What became of one mail of a batch, marked with the others in one statement. */
interface Outcome {
  id: string;
  status: 'sent' | 'skipped' | 'failed' | 'pending';
  error: string | null;
  at: Date;
  rendered?: RenderedMail;
}

/** After this many attempts a mail is "failed": it waits for an admin's retry. */
export const MAX_ATTEMPTS = 8;
/** The wait after the first attempt; it doubles with each attempt, up to an hour. */
export const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/** How long after attempt number `attempt` (1, 2, ...) the mail is tried again. */
export const retryDelayMs = (attempt: number): number => Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);

/** "<id@host>": one per queued mail, the same on every attempt, so a receiver drops a repeat. */
export const messageIdOf = (id: string, host: string): string => `<${id}@${host}>`;

/** Addresses of erased people (admin/users.ts): nothing is sent there. */
const ERASED = /@erased\.invalid$/;

export interface MailSenderOptions {
  pool: pg.Pool;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  render: RenderMail;
  /**
   * Why the recipient does not want this mail (they turned notifications off), or null to send it.
   * `notificationsOff`: their setting as the renderer read it, when it did.
   */
  declined?: (mail: PendingMail, recipientId: string, notificationsOff?: boolean) => Promise<string | null>;
  /** The host part of Message-IDs (the site's host name). */
  host: string;
  /** How often the queue is looked at without a wake-up (retries, other processes' mails). */
  pollMs?: number;
  batchSize?: number;
}

/**
 * Delivers the mail queue: takes due rows (SKIP LOCKED, so processes share the work), moves each one's
 * next attempt ahead by its backoff before sending (the lease: a process that dies mid-send leaves a
 * row that becomes due again), sends it with its Message-ID, then marks it sent. A crash between
 * sending and marking sends that mail again, with the same Message-ID.
 */
export class MailSender {
  private running = false;
  private loopDone: Promise<void> | null = null;
  private readonly bell = new Doorbell({ unref: true });
  private readonly serial = new Serial();
  private readonly pollMs: number;
  private readonly batchSize: number;

  constructor(private readonly o: MailSenderOptions) {
    this.pollMs = o.pollMs ?? 1000;
    this.batchSize = o.batchSize ?? 20;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loopDone;
    await this.serial.settled();
  }

  /** Something was queued: look now rather than at the next poll. */
  poke(): void {
    this.bell.ring();
  }

  /**
   * Sends every mail due now (waiting for this process's sends in flight); returns how many were tried.
   * `more`: asked before each further batch (the loop's: still running, so a stop waits for one batch at
   * most, not for a backlog; the rows left stay due for the next start or another process).
   */
  async deliverDue(more: () => boolean = () => true): Promise<number> {
    return this.serial.run(async () => {
      let tried = 0;
      // A batch short of the limit took everything due then: what was queued since rang the bell.
      for (let n = this.batchSize; n === this.batchSize && (tried === 0 || more()); ) {
        n = await this.deliverBatch();
        tried += n;
      }
      return tried;
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        this.bell.answer();
        await this.deliverDue(() => this.running);
      } catch (err) {
        this.o.log.error({ err }, 'mail sender failed');
      }
      if (this.running) await this.bell.sleep(this.pollMs);
    }
  }

  private async deliverBatch(): Promise<number> {
    const now = this.o.clock.now();
    const { rows } = await this.o.pool.query(
      `UPDATE mail_queue q
          SET attempts = q.attempts + 1,
              next_attempt_at = $1::timestamptz + interval '1 millisecond' * least($2 * power(2, q.attempts), $3)
        WHERE q.id IN (SELECT id FROM mail_queue WHERE status = 'pending' AND next_attempt_at <= $1
                        ORDER BY next_attempt_at, created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING q.id, q.kind, q.recipient_role, q.ref, q.params, q.attempts`,
      [now, FIRST_RETRY_MS, MAX_RETRY_MS, this.batchSize],
    );
    // One memo per batch: the two mails of one lesson event read their lesson once.
    const batch = new Map<string, Promise<unknown>>();
    const outcomes: Outcome[] = [];
    for (const r of rows) {
      outcomes.push(await this.deliver({ id: r.id, kind: r.kind, recipientRole: r.recipient_role, ref: r.ref, params: r.params, attempts: r.attempts }, batch));
    }
    // One statement marks the batch. Unmarked (a crash, a failed mark), a mail's lease runs out and it is
    // sent again with the same Message-ID, as after a crash between a send and its mark.
    await this.mark(outcomes).catch((err) => this.o.log.error({ err, mails: outcomes.map((o) => o.id) }, 'mail outcomes not recorded'));
    return rows.length;
  }

  private async deliver(mail: PendingMail, batch: Map<string, Promise<unknown>>): Promise<Outcome> {
    let rendered: RenderedMail | undefined;
    const outcome = (status: Outcome['status'], error: string | null): Outcome => ({ id: mail.id, status, error, at: this.o.clock.now(), rendered });
    try {
      const written = await this.o.render(mail, this.o.clock.now(), batch);
      // i18n-ignore: the queue's record for the admin's mail log, beside the mail server's own words
      if (!written) return outcome('skipped', 'No longer applies (the lesson was cancelled)');
      rendered = written;
      const { message } = rendered;
      // i18n-ignore: the queue's record for the admin's mail log
      if (ERASED.test(message.to)) return outcome('skipped', 'The person was erased');
      const declined = await this.o.declined?.(mail, rendered.recipientId, rendered.notificationsOff);
      if (declined) return outcome('skipped', declined);
      await this.o.mailer.send({ ...message, messageId: messageIdOf(mail.id, this.o.host) });
      return outcome('sent', null);
    } catch (err) {
      const status = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      this.o.log.error({ err, mail: mail.id, attempts: mail.attempts, status }, 'mail not sent');
      return outcome(status, err instanceof Error ? err.message : String(err));
    }
  }

  private async mark(outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.o.pool.query(
      `UPDATE mail_queue q
          SET status = x.status, last_error = x.error, sent_at = CASE WHEN x.status = 'sent' THEN x.at END,
              to_address = coalesce(x.to_address, q.to_address), subject = coalesce(x.subject, q.subject),
              recipient_id = coalesce(x.recipient_id, q.recipient_id)
         FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[])
              AS x(id, status, error, at, to_address, subject, recipient_id)
        WHERE q.id = x.id`,
      [
        outcomes.map((o) => o.id),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.error?.slice(0, 1000) ?? null),
        outcomes.map((o) => o.at.toISOString()),
        outcomes.map((o) => o.rendered?.message.to ?? null),
        outcomes.map((o) => o.rendered?.message.subject ?? null),
        outcomes.map((o) => o.rendered?.recipientId ?? null),
      ],
    );
  }

}
