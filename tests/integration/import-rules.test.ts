// The import rules of `npm test` (.dependency-cruiser.cjs) fire: dependency-cruiser run on a fixture
// in which each rule is broken once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const fixture = path.join(import.meta.dirname, 'import-rules', 'fixture');

function cruise(cwd: string, folders: string[]) {
  const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const r = spawnSync(process.execPath, [bin, '--config', path.join(root, '.dependency-cruiser.cjs'), ...folders], { cwd, encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('import rules', () => {
  it('refuse Node built-ins and other workspaces in domain, server code in web, and folders importing each other', () => {
    const { status, output } = cruise(fixture, ['domain/src', 'ledger/src', 'web/src', 'api/src']);
    expect(output).toContain('error domain-no-node-builtins: domain/src/leak.ts → fs');
    expect(output).toContain('error domain-is-pure: domain/src/leak.ts → ledger/src/store.ts');
    expect(output).toContain('error web-only-domain: web/src/page.ts → api/src/app.ts');
    expect(output).toMatch(/error no-folder-cycles: api\/src\/a → \s+api\/src\/b →\s+api\/src\/a/);
    expect(status).not.toBe(0);
  });

  it('count type-only imports: two folders importing only each other\'s types are a cycle', () => {
    const { status, output } = cruise(fixture, ['api/src']);
    expect(output).toMatch(/error no-folder-cycles: api\/src\/c → \s+api\/src\/d →\s+api\/src\/c/);
    expect(status).not.toBe(0);
  });

  it('let a web feature use another only through its index.ts, which offers no page, and keep lib out of features', () => {
    const { status, output } = cruise(fixture, ['web/src']);
    expect(output).toContain('error web-feature-through-its-entry: web/src/features/lessons/list.ts → web/src/features/teachers/card.ts');
    expect(output).not.toContain('web-feature-through-its-entry: web/src/features/lessons/list.ts → web/src/features/teachers/index.ts');
    expect(output).toContain('error web-feature-entry-no-pages: web/src/features/teachers/index.ts → web/src/features/teachers/pages/Profile.ts');
    expect(output).toContain('error web-shared-not-features: web/src/lib/shared.ts → web/src/features/lessons/list.ts');
    expect(status).not.toBe(0);
  });

  it('pass on a fixture folder that keeps them', () => {
    const { status, output } = cruise(fixture, ['ledger/src']);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});
