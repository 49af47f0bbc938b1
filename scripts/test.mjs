// `npm test`: typecheck (each workspace with its own settings: `tsc -b`), the import rules, unit and
// integration tests with the reliability cases (vitest), then end-to-end tests (Playwright).
// `npm run test:quick` (`--quick`): the same without the reliability cases and the browser, for the inner loop.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
if (!quick) findChromium(); // fail at once, with instructions, rather than after the other steps
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const steps = [
  ['typecheck', [bin('typescript-native', 'bin/tsc'), '-b']],
  ['import rules', [bin('dependency-cruiser', 'bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', 'domain/src', 'ledger/src', 'projections/src', 'api/src', 'web/src']],
  ...(quick
    ? [['unit and integration tests', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'unit']]]
    : [
        ['unit, integration and reliability tests', [bin('vitest', 'vitest.mjs'), 'run']],
        ['end-to-end tests', [path.join(root, 'scripts', 'e2e.mjs')]],
      ]),
];
const started = Date.now();
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  console.log(`=== ${name}: passed in ${((Date.now() - t) / 1000).toFixed(1)} s ===`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
