import type { FastifyInstance } from 'fastify';

/**
 * Delivers the queued mails that are due and waits for those another process (a second app on the
 * same database) is sending: afterwards every mail queued so far is sent, failed or waiting for a
 * retry after an error. Bounded: throws after `rounds` looks.
 */
export async function settleMails(app: FastifyInstance, rounds = 500): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await app.mailSender.deliverDue();
    const { rows } = await app.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_queue WHERE status = 'pending' AND last_error IS NULL`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('Queued mails were not delivered');
}
