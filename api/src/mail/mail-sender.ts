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

/** Writes a queued mail from current data; throws when it cannot yet (the sender retries); null: no longer needed. */
export type RenderMail = (mail: PendingMail, now: Date) => Promise<{ message: MailMessage; recipientId: string } | null>;

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
  /** Why the recipient does not want this mail (they turned notifications off), or null to send it. */
  declined?: (mail: PendingMail, recipientId: string) => Promise<string | null>;
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

  /** Sends every mail due now (waiting for this process's sends in flight); returns how many were tried. */
  async deliverDue(): Promise<number> {
    return this.serial.run(async () => {
      let tried = 0;
      for (let n = await this.deliverBatch(); n > 0; n = await this.deliverBatch()) tried += n;
      return tried;
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        this.bell.answer();
        await this.deliverDue();
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
    for (const r of rows) {
      await this.deliver({ id: r.id, kind: r.kind, recipientRole: r.recipient_role, ref: r.ref, params: r.params, attempts: r.attempts });
    }
    return rows.length;
  }

  private async deliver(mail: PendingMail): Promise<void> {
    let rendered: { message: MailMessage; recipientId: string } | undefined;
    try {
      const written = await this.o.render(mail, this.o.clock.now());
      if (!written) {
        await this.mark(mail, 'skipped', undefined, 'No longer applies (the lesson was cancelled)');
        return;
      }
      rendered = written;
      const { message } = rendered;
      if (ERASED.test(message.to)) {
        await this.mark(mail, 'skipped', rendered, 'The person was erased');
        return;
      }
      const declined = await this.o.declined?.(mail, rendered.recipientId);
      if (declined) {
        await this.mark(mail, 'skipped', rendered, declined);
        return;
      }
      await this.o.mailer.send({ ...message, messageId: messageIdOf(mail.id, this.o.host) });
      await this.mark(mail, 'sent', rendered, null);
    } catch (err) {
      const status = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      this.o.log.error({ err, mail: mail.id, attempts: mail.attempts, status }, 'mail not sent');
      await this.mark(mail, status, rendered, err instanceof Error ? err.message : String(err)).catch((e) =>
        this.o.log.error({ err: e, mail: mail.id }, 'mail outcome not recorded'),
      );
    }
  }

  private async mark(
    mail: PendingMail,
    status: 'sent' | 'skipped' | 'failed' | 'pending',
    rendered: { message: MailMessage; recipientId: string } | undefined,
    error: string | null,
  ): Promise<void> {
    await this.o.pool.query(
      `UPDATE mail_queue
          SET status = $2, last_error = $3, sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz END,
              to_address = coalesce($5, to_address), subject = coalesce($6, subject), recipient_id = coalesce($7, recipient_id)
        WHERE id = $1`,
      [mail.id, status, error?.slice(0, 1000) ?? null, this.o.clock.now(), rendered?.message.to ?? null, rendered?.message.subject ?? null, rendered?.recipientId ?? null],
    );
  }
}
