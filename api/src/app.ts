import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type pg from 'pg';
import { DomainError, type Clock, offsetClock } from '@parliamo/domain';
import { LOCALES, preloadServerCatalogs, type Locale } from '@parliamo/domain/i18n';
import type { Config } from './config.ts';
import { redactUrl } from './platform/secrets.ts';
import errorsPlugin, { badUrlAnswer } from './platform/errors.ts';
import i18nPlugin from './platform/i18n.ts';
import { useContracts } from './platform/contracts.ts';
import metricsPlugin from './platform/metrics/plugin.ts';
import metricsRoutes from './platform/metrics/routes.ts';
import securityPlugin from './platform/security.ts';
import sessionPlugin from './accounts/session-plugin.ts';
import { loadSessionKeys } from './accounts/session-keys.ts';
import { ReadRouting } from './platform/db/read-routing.ts';
import readYourWritesPlugin from './platform/read-your-writes.ts';
import httpCachePlugin from './platform/http-cache.ts';
import openapiPlugin, { openapiRoutes } from './platform/openapi.ts';
import mailPlugin from './mail/plugin.ts';
import ledgerPlugin from './platform/ledger-plugin.ts';
import { mailReaction } from './mail/reaction.ts';
import { fiscalDocumentsReaction } from './invoices/reaction.ts';
import invoiceRoutes from './invoices/routes.ts';
import sdiPlugin from './invoices/plugin.ts';
import { renderLessonMail } from './lessons/mails.ts';
import { renderAccountMail } from './mail/account-mails.ts';
import { renderWithdrawalMail } from './mail/withdrawal-mail.ts';
import paymentsPlugin from './payments/plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import healthRoutes from './platform/health-routes.ts';
import authRoutes from './accounts/auth-routes.ts';
import siteRoutes from './site/routes.ts';
import profileRoutes from './accounts/profile-routes.ts';
import adminUserRoutes from './admin/users-routes.ts';
import devRoutes from './mail/dev-routes.ts';
import adminMailRoutes from './mail/admin-routes.ts';
import teacherRoutes from './teachers/routes.ts';
import photoRoutes from './teachers/photo-routes.ts';
import bookingRoutes from './lessons/bookings-routes.ts';
import attendanceRoutes from './lessons/attendance-routes.ts';
import hourPackageRoutes from './packages/routes.ts';
import dashboardRoutes from './lessons/dashboard-routes.ts';
import calendarRoutes from './calendar/routes.ts';
import adminLedgerRoutes from './admin/ledger-routes.ts';
import adminAnalyticsRoutes from './admin/analytics-routes.ts';
import paymentRoutes from './payments/routes.ts';
import stripeWebhookRoutes from './payments/webhook-routes.ts';
import refundRoutes from './payments/refund-routes.ts';
import withdrawalRoutes from './payments/withdrawal-routes.ts';
import settingsRoutes from './settings/routes.ts';
import receiptRoutes from './receipts/routes.ts';
import reviewRoutes from './reviews/routes.ts';
import payoutRoutes from './payouts/routes.ts';
import messageRoutes from './messages/routes.ts';
import { renderDigestMail } from './messages/digest.ts';
import type { Migration } from './platform/db/migrate.ts';
import { isWebRoute } from '@parliamo/domain/web-routes';

/** What the app is built from; tests pass their own database and clock. */
export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  clock: Clock;
  migrations: Migration[];
  /** Where mails go; default: SMTP to config.smtpUrl, else the outbox table. */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The database routes read and write through: DATABASE_URL's pool, with read-only requests' queries routed to replicas when there are any (ReadRouting). */
    pool: pg.Pool;
    /** DATABASE_URL's pool itself: for what must always see the newest state (the ledger, the projections). */
    primaryPool: pg.Pool;
    clock: Clock;
    migrations: Migration[];
  }
}

/**
 * How often Node looks for requests past their header or request timeout: a quarter of the shorter one
 * (at most 5 s), so a request is cut within 25 % of its timeout.
 */
function checkingInterval(limits: Config['http']): number {
  return Math.max(10, Math.min(5_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
}

/** Whether `log` writes info lines (pino says; a logger without isLevelEnabled, e.g. `logger: false`'s, is asked anyway). */
function logsInfo(log: FastifyBaseLogger): boolean {
  const enabled = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof enabled !== 'function' || enabled.call(log, 'info');
}

/** Builds the Fastify app: plugins, then our services, then routes, then the web app. */
export async function buildApp(
  deps: AppDeps,
  opts: { logger?: FastifyBaseLogger; /** Sees every route as it is added (tests walk the routes). */ onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const limits = deps.config.http;
  const app: FastifyInstance = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A client that never finishes its request, or holds a socket idle, must not keep it (docs/operations.md "Slow clients").
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: checkingInterval(limits) },
    frameworkErrors: (error, request, reply) => badUrlAnswer(app, error, request, reply),
  });
  app.server.maxConnections = limits.maxConnections;

  // One structured line per request (secrets in the URL redacted); nothing built when the level is
  // above info (production's usual LOG_LEVEL=warn), and no promise per request (a callback hook).
  app.addHook('onResponse', (request, reply, done) => {
    if (logsInfo(request.log)) {
      request.log.info(
        { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  useContracts(app, { checkAnswers: !deps.config.isProduction });

  app.decorate('config', deps.config);
  const routing = deps.config.databaseReplicaUrls.length
    ? new ReadRouting(deps.pool, deps.config.databaseReplicaUrls, {
        maxLagMs: deps.config.replicaMaxLagMs,
        waitMs: deps.config.replicaWaitMs,
        log: (message) => app.log.warn(message),
      })
    : null;
  app.decorate('pool', routing?.pool ?? deps.pool);
  app.decorate('primaryPool', deps.pool);
  // Development's CLOCK_OFFSET_MINUTES moves every timer and rule (production refuses it: config.ts).
  app.decorate('clock', offsetClock(deps.clock, deps.config.clockOffsetMinutes));
  app.decorate('migrations', deps.migrations);

  // Every mail, PDF and checkout catalog now, while this build's chunk files surely exist (catalogs.ts).
  await preloadServerCatalogs();
  // First: it documents every route registered after it (the metrics' too).
  await app.register(openapiPlugin);
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(metricsRoutes);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  if (routing) await app.register(readYourWritesPlugin, { routing, sessionKeys: loadSessionKeys(deps.config.sessionKeys, deps.config.dataDir) });
  await app.register(httpCachePlugin);
  await app.register(mailPlugin, {
    mailer: deps.mailer,
    render: (mail, now, batch) =>
      mail.kind === 'welcome' || mail.kind === 'purchase-confirmed'
        ? renderAccountMail(deps.pool, mail, { publicUrl: deps.config.publicUrl })
        : mail.kind === 'withdrawal-acknowledged'
          ? renderWithdrawalMail(deps.pool, mail)
          : mail.kind === 'message-digest'
            ? renderDigestMail(deps.pool, mail, { publicUrl: deps.config.publicUrl })
            : renderLessonMail(deps.pool, mail, { now, publicUrl: deps.config.publicUrl, batch }),
  });
  // The mail queue is a reaction to the ledger: run by the projection runner after the read models.
  await app.register(ledgerPlugin, {
    reactions: [
      { projection: mailReaction, onAdvanced: () => app.mailSender.poke() },
      { projection: fiscalDocumentsReaction, onAdvanced: () => app.pokeSdi() },
    ],
  });
  await app.register(paymentsPlugin);
  // The SdI outbox: sends what the fiscal-documents reaction made ready, when an intermediary is configured.
  await app.register(sdiPlugin);

  await app.register(
    async (api) => {
      await api.register(openapiRoutes);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(siteRoutes);
      await api.register(profileRoutes);
      await api.register(adminUserRoutes);
      await api.register(devRoutes);
      await api.register(adminMailRoutes);
      await api.register(teacherRoutes);
      await api.register(photoRoutes);
      await api.register(bookingRoutes);
      await api.register(attendanceRoutes);
      await api.register(hourPackageRoutes);
      await api.register(dashboardRoutes);
      await api.register(calendarRoutes);
      await api.register(adminLedgerRoutes);
      await api.register(adminAnalyticsRoutes);
      await api.register(paymentRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(refundRoutes);
      await api.register(withdrawalRoutes);
      await api.register(settingsRoutes);
      await api.register(receiptRoutes);
      await api.register(invoiceRoutes);
      await api.register(reviewRoutes);
      await api.register(payoutRoutes);
      await api.register(messageRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.config.webDist);
  return app;
}

/** index.html in one language: `<html lang>` set, with its brotli and gzip copies. */
interface IndexPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html once per language, made at start: the page says its language before JavaScript runs. */
function indexPages(html: string): Record<Locale, IndexPage> {
  const page = (locale: Locale): IndexPage => {
    const raw = Buffer.from(html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`));
    return { raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw, { level: 9 }) };
  };
  return Object.fromEntries(LOCALES.map((l) => [l, page(l)])) as Record<Locale, IndexPage>;
}

/** The copy of `page` the request's Accept-Encoding takes, with its Content-Encoding (none for the raw page). */
function encodedPage(page: IndexPage, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  // "br;q=0" refuses br: a coding counts when it is named without a zero weight.
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
    .filter(([, q]) => !/^q=0(\.0*)?$/.test(q ?? ''))
    .map(([name]) => name);
  const accepts = (name: string) => accepted.includes(name);
  if (accepts('br')) return { body: page.br, encoding: 'br' };
  if (accepts('gzip')) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.raw, encoding: null };
}

/**
 * Serves the built SPA: hashed assets cached for a year, every other page gets index.html (404 for a
 * path that is none of the web's pages, domain's WEB_ROUTES), its `<html lang>` the request's language
 * (both variants made once at start, see indexPages). The build's brotli and gzip copies
 * (web/vite.config.ts) go to browsers that accept them.
 */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = !!indexFile && fs.existsSync(indexFile);
  const pages = hasWeb ? indexPages(fs.readFileSync(indexFile!, 'utf8')) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      throw new DomainError('not_found', 'common.noSuchApiRoute', { method: request.method, path: urlPath });
    }
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // Files in the dist root (manifest, service worker, images) are served as they are.
      const candidate = path.join(webDist!, path.normalize(urlPath).replace(/^([/\\])+/, ''));
      if (urlPath !== '/' && candidate.startsWith(webDist!) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(path.relative(webDist!, candidate));
      }
      // A path no page answers still gets the app (it shows its not-found page), with the status that says so.
      const { body, encoding } = encodedPage(pages![request.locale], request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .status(isWebRoute(urlPath) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language, cookie')
        .header('content-language', request.locale)
        .type('text/html; charset=utf-8')
        .send(body);
    }
    throw new DomainError('not_found', 'common.notFound');
  });
}
