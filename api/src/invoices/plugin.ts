import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Doorbell } from '@parliamo/projections';
import { httpSdiChannel, type SdiChannel } from './sdi.ts';
import { SdiSender } from './sdi-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SdI outbox's sender; null without SDI_URL (documents wait ready for the admin to download). */
    sdiSender: SdiSender | null;
    /** Wakes the sender: a document became ready. */
    pokeSdi(): void;
  }
}

/** Runs the SdI outbox when an intermediary is configured (or a channel is given, as tests do). */
export default fp(async function sdiPlugin(app: FastifyInstance, opts: { channel?: SdiChannel; pollMs?: number }) {
  const channel = opts.channel ?? (app.config.sdiUrl ? httpSdiChannel(app.config.sdiUrl, app.config.sdiToken) : null);
  const sender = channel ? new SdiSender({ pool: app.pool, ledger: app.ledger, channel, clock: app.clock, log: app.log }) : null;
  const bell = new Doorbell({ unref: true });
  let running = false;
  let loop: Promise<void> | null = null;
  app.decorate('sdiSender', sender);
  app.decorate('pokeSdi', () => bell.ring());
  if (!sender) return;
  app.addHook('onReady', async () => {
    running = true;
    loop = (async () => {
      while (running) {
        bell.answer();
        await sender.sendDue().catch((err) => app.log.error({ err }, 'SdI outbox pass failed'));
        await bell.sleep(opts.pollMs ?? 30_000);
      }
    })();
  });
  app.addHook('preClose', async () => {
    running = false;
    bell.ring();
    await loop;
  });
}, { name: 'sdi', dependencies: ['ledger'], decorators: { fastify: ['config', 'pool', 'clock', 'ledger'] } });
