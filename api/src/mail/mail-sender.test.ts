import { describe, expect, it } from 'vitest';
import { fixedClock } from '@parliamo/domain';
import { allMigrations } from '../migrations.ts';
import { migrate } from '../platform/db/migrate.ts';
import { useTestDatabase } from '../testing/db.ts';
import { MailSender } from './mail-sender.ts';

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => silent, level: 'silent', silent: () => {} } as never;

describe('MailSender.stop', () => {
  const db = useTestDatabase();

  it('waits for the batch in hand, not for the whole backlog; the rest stays due', async () => {
    await migrate(db.pool, allMigrations);
    await db.pool.query(
      `INSERT INTO mail_queue (id, kind, recipient_role, ref) SELECT 'stop-test-' || n, 'booking-confirmed', 'student', 'ref-' || n FROM generate_series(1, 100) n`,
    );
    const sent: string[] = [];
    let firstSend!: () => void;
    const started = new Promise<void>((resolve) => (firstSend = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sender = new MailSender({
      pool: db.pool,
      clock: fixedClock(new Date('2026-11-24T10:00:00Z')),
      log: silent,
      host: 'parliamo.test',
      batchSize: 20,
      render: async (mail) => ({ message: { to: `${mail.ref}@parliamo.test`, subject: 's', text: 't' }, recipientId: mail.ref }),
      mailer: {
        kind: 'smtp',
        send: async (m) => {
          firstSend();
          await gate;
          sent.push(m.to);
        },
      },
    });
    sender.start();
    await started;
    const stopping = sender.stop();
    release();
    await stopping;
    expect(sent).toHaveLength(20);
    const pending = async () => Number((await db.pool.query(`SELECT count(*) AS n FROM mail_queue WHERE status = 'pending'`)).rows[0].n);
    expect(await pending()).toBe(80);
    // Called by hand (a timer, a test), deliverDue still sends everything due.
    expect(await sender.deliverDue()).toBe(80);
    expect(sent).toHaveLength(100);
    expect(await pending()).toBe(0);
  });
});
