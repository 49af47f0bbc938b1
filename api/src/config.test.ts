import { describe, expect, it } from 'vitest';
import { loadConfig, productionProblems, REFUSALS } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set, so a direct client cannot fake its address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('takes true or proxy addresses, and refuses a hop count (Fastify 5 would silently ignore it)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/not a hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  it('names no replica unless set; takes comma-separated URLs, the lag limit and the wait bound', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrls: [], replicaMaxLagMs: 5_000, replicaWaitMs: 100 });
    const config = loadConfig({
      DATABASE_REPLICA_URLS: ' postgres://r1/parliamo, postgres://r2/parliamo ,',
      DATABASE_REPLICA_MAX_LAG_MS: '2000',
      DATABASE_REPLICA_WAIT_MS: '0',
    });
    expect(config).toMatchObject({ databaseReplicaUrls: ['postgres://r1/parliamo', 'postgres://r2/parliamo'], replicaMaxLagMs: 2_000, replicaWaitMs: 0 });
    expect(() => loadConfig({ DATABASE_REPLICA_WAIT_MS: '0.5' })).toThrow(/whole number/);
  });
});

describe('what a production start needs (config -> list of problems)', () => {
  const safe = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://parliamo-roma.it',
    DATABASE_URL: 'postgres://db/parliamo',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    SMTP_URL: 'smtp://mail:587',
  };
  const problems = (env: Record<string, string | undefined>) => productionProblems(loadConfig({ ...safe, ...env }));

  it('finds nothing in a complete production setting, and never checks outside production', () => {
    expect(problems({})).toEqual([]);
    expect(productionProblems(loadConfig({}))).toEqual([]);
  });

  it('never seeds the demo by default in production, even on the embedded database', () => {
    expect(loadConfig({ ...safe, DATABASE_URL: undefined }).seedDemo).toBe(false);
    expect(problems({ DATABASE_URL: undefined })).toEqual([]);
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it('refuses each unsafe setting with one sentence', () => {
    expect(problems({ SEED_DEMO: 'true' })).toEqual([REFUSALS.seedDemo]);
    expect(problems({ STRIPE_SECRET_KEY: undefined })).toEqual([REFUSALS.stripe]);
    expect(problems({ STRIPE_WEBHOOK_SECRET: undefined })).toEqual([REFUSALS.stripe]);
    expect(problems({ SMTP_URL: undefined })).toEqual([REFUSALS.smtp]);
    expect(problems({ PUBLIC_URL: undefined })).toEqual([REFUSALS.publicUrl]);
    expect(problems({ CLOCK_OFFSET_MINUTES: '1440' })).toEqual([REFUSALS.clockOffset]);
    expect(problems({ PUBLIC_URL: undefined, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, SEED_DEMO: 'true' })).toHaveLength(4);
    for (const message of Object.values(REFUSALS)) expect(message).toMatch(/^[A-Z_]+[= ].*\.$/);
  });

  it('refuses an http:// PUBLIC_URL (no Secure cookies, no HSTS) unless ALLOW_INSECURE_HTTP=true says TLS ends at a proxy', () => {
    expect(problems({ PUBLIC_URL: 'http://parliamo-roma.it' })).toEqual([REFUSALS.insecureHttp]);
    expect(problems({ PUBLIC_URL: 'http://parliamo-roma.it', ALLOW_INSECURE_HTTP: 'yes' })).toEqual([REFUSALS.insecureHttp]);
    expect(problems({ PUBLIC_URL: 'http://parliamo-roma.it', ALLOW_INSECURE_HTTP: 'true' })).toEqual([]);
    // A try-out on this machine (docker compose's default): only a browser here can use that Host.
    expect(problems({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(problems({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual([]);
    expect(problems({ PUBLIC_URL: 'http://10.0.0.5:3000' })).toEqual([REFUSALS.insecureHttp]);
  });

  it('PAYMENTS=test allows the test checkout on a staging site; nothing else is a PAYMENTS value', () => {
    expect(problems({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS: 'test' })).toEqual([]);
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow('PAYMENTS takes only the value "test" (got "free")');
  });
});

describe('ADDRESS_LIMITS_FACTOR', () => {
  it('is 1 unless set, takes a whole number from 1 to 1000, and refuses anything else with one sentence', () => {
    expect(loadConfig({}).addressLimitsFactor).toBe(1);
    expect(loadConfig({ ADDRESS_LIMITS_FACTOR: '50' }).addressLimitsFactor).toBe(50);
    for (const bad of ['0', '2.5', '-1', 'many', '1001']) {
      expect(() => loadConfig({ ADDRESS_LIMITS_FACTOR: bad })).toThrow(/^ADDRESS_LIMITS_FACTOR takes a whole number from 1 to 1000/);
    }
  });
});

describe('CLOCK_OFFSET_MINUTES', () => {
  it('is 0 unless set, takes whole minutes (negative too), and refuses anything else with one sentence', () => {
    expect(loadConfig({}).clockOffsetMinutes).toBe(0);
    expect(loadConfig({ CLOCK_OFFSET_MINUTES: '1500' }).clockOffsetMinutes).toBe(1500);
    expect(loadConfig({ CLOCK_OFFSET_MINUTES: '-30' }).clockOffsetMinutes).toBe(-30);
    for (const bad of ['1.5', 'a day', '1e3']) {
      expect(() => loadConfig({ CLOCK_OFFSET_MINUTES: bad })).toThrow(/^CLOCK_OFFSET_MINUTES takes a whole number of minutes/);
    }
  });
});

describe('settings that cannot work are refused with one sentence, in any mode', () => {
  it('PUBLIC_URL must be an http(s) address', () => {
    for (const bad of ['parliamo-roma.it', 'ftp://parliamo-roma.it', 'https://', 'not a url']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(`PUBLIC_URL must be the site's address, like https://parliamo-roma.it (got "${bad}").`);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://parliamo-roma.it/' }).publicUrl).toBe('https://parliamo-roma.it');
  });

  it('each SESSION_KEY entry must be a secret of at least 32 characters', () => {
    expect(() => loadConfig({ SESSION_KEY: 'short' })).toThrow(/^Each SESSION_KEY entry must be at least 32 characters/);
    expect(() => loadConfig({ SESSION_KEY: `${'a'.repeat(64)},short` })).toThrow(/^Each SESSION_KEY entry/);
    expect(loadConfig({ SESSION_KEY: `${'a'.repeat(64)}, ${'b'.repeat(64)}` }).sessionKeys).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
  });
});

describe('HTTP limits on slow and idle clients', () => {
  it('has defaults a slow phone never meets, and takes each from its variable', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 60_000, headersTimeoutMs: 20_000, keepAliveTimeoutMs: 72_000, idleTimeoutMs: 120_000, maxConnections: 10_000, maxRequestsPerSocket: 1_000,
    });
    const env = {
      HTTP_REQUEST_TIMEOUT_MS: '30000', HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_IDLE_TIMEOUT_MS: '90000', HTTP_MAX_CONNECTIONS: '2000', HTTP_MAX_REQUESTS_PER_SOCKET: '100',
    };
    expect(loadConfig(env).http).toEqual({
      requestTimeoutMs: 30_000, headersTimeoutMs: 5_000, keepAliveTimeoutMs: 65_000, idleTimeoutMs: 90_000, maxConnections: 2_000, maxRequestsPerSocket: 100,
    });
  });

  it('refuses 0 (no bound), a non-number, and headers allowed longer than the whole request', () => {
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow('HTTP_REQUEST_TIMEOUT_MS takes a whole number of at least 1 (got "0")');
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: 'lots' })).toThrow('HTTP_MAX_CONNECTIONS takes a whole number (got "lots")');
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '90000' })).toThrow('HTTP_HEADERS_TIMEOUT_MS (90000) must not exceed HTTP_REQUEST_TIMEOUT_MS (60000).');
  });
});
