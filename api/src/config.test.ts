import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set, so a direct client cannot fake its address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('takes true, a hop count, or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });
});
