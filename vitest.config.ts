import { defineConfig } from 'vitest/config';

// Two projects. "unit" (unit and integration tests) is the inner loop, `npm run test:quick`.
// "reliability" starts real server processes and kills them; its files spend most of their time waiting
// on servers, not on the CPU, and each has its own database and port, so more of them run side by side
// than there are cores. `npm run test:soak` runs it at soak sizes (RELIABILITY_SCALE=full).
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globalSetup: ['api/src/testing/global-db.ts'],
          include: ['{domain,ledger,projections,api,web}/src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
          // One file at a time: the files share one PostgreSQL server, and a reader of the ledger's global
          // order waits for every transaction open on that server (pg_snapshot_xmin is the cluster's), so a
          // long transaction in a file beside it hid a just-appended event from ledger and restore tests.
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          globalSetup: ['api/src/testing/global-db.ts', 'tests/reliability/server-bundle.mjs'],
          include: ['tests/reliability/**/*.test.ts'],
          maxWorkers: 4,
          // After the unit project (vitest runs projects with different worker counts one after the other).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
