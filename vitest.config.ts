import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,ledger,projections,api,web}/src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
    globalSetup: ['api/src/testing/global-db.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
