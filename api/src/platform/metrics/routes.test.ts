import { describe, expect, it } from 'vitest';
import { createTestApp, productionOverrides, useTestApp } from '../../testing/app.ts';
import { Counter, Histogram, Registry } from './registry.ts';

/** The sample lines of one metric family, as "name{labels} value". */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(name) && !l.startsWith('#'));
}

describe('/metrics', () => {
  const t = useTestApp();

  it('times requests by route pattern, method and status in the Prometheus text format', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE parliamo_http_request_duration_seconds histogram');
    expect(samples(text, 'parliamo_http_request_duration_seconds_count')).toContain(
      'parliamo_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 3',
    );
    expect(text).toContain('parliamo_http_request_duration_seconds_bucket{method="GET",route="/api/health",status="200",le="+Inf"} 3');
    // Unmatched URLs are one series, never one per raw URL.
    expect(text).not.toContain('/api/no-such-thing/42');
    expect(text).toMatch(/route="unmatched",status="404"} 1/);
  });

  it('reports webhook outcomes, ledger appends and projection lag', async () => {
    t.app.metrics.webhook('credited');
    t.app.metrics.webhook('credited');
    t.app.metrics.webhook('duplicate');
    t.app.metrics.ledgerAppend('written', 3);
    t.app.metrics.ledgerAppend('conflict');
    t.app.metrics.setLagSource(async () => ({ balances: 0, lessons: 7 }));
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(samples(text, 'parliamo_webhook_events_total')).toEqual([
      'parliamo_webhook_events_total{outcome="credited"} 2',
      'parliamo_webhook_events_total{outcome="duplicate"} 1',
    ]);
    expect(text).toContain('parliamo_ledger_appends_total{outcome="written"} 1');
    expect(text).toContain('parliamo_ledger_appends_total{outcome="conflict"} 1');
    expect(text).toContain('parliamo_ledger_events_appended_total 3');
    expect(samples(text, 'parliamo_projection_lag_events')).toEqual([
      'parliamo_projection_lag_events{projection="balances"} 0',
      'parliamo_projection_lag_events{projection="lessons"} 7',
    ]);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    t.app.config.metricsToken = 'scrape-me';
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
      expect(ok.statusCode).toBe(200);
    } finally {
      t.app.config.metricsToken = undefined;
    }
  });
});

describe('registry', () => {
  it('escapes label values and keeps histogram buckets cumulative', async () => {
    const r = new Registry();
    const c = r.register(new Counter('c_total', 'A "counter".'));
    c.inc({ path: 'a"b\\c\nd' });
    const h = r.register(new Histogram('h_seconds', 'H.', [0.1, 1]));
    h.observe({}, 0.05);
    h.observe({}, 0.5);
    h.observe({}, 5);
    const text = await r.render();
    expect(text).toContain('c_total{path="a\\"b\\\\c\\nd"} 1');
    expect(text).toContain('h_seconds_bucket{le="0.1"} 1');
    expect(text).toContain('h_seconds_bucket{le="1"} 2');
    expect(text).toContain('h_seconds_bucket{le="+Inf"} 3');
    expect(text).toContain('h_seconds_sum 5.55');
    expect(() => c.inc({}, -1)).toThrow();
    expect(() => r.register(new Counter('c_total', 'again'))).toThrow(/twice/);
  });
});

describe('/metrics in production', () => {
  it('is off without METRICS_TOKEN, and behind the token with it', async () => {
    const off = await createTestApp(productionOverrides);
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ ...productionOverrides, metricsToken: 'scrape-me' });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await on.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me', host: '10.1.2.3:3000' } })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
