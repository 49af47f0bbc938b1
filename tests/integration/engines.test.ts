import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Every installed package must run on the oldest Node.js we promise (package.json `engines`, README),
// so that `npm ci` on that Node prints no EBADENGINE and nothing breaks at run time.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rootManifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  workspaces: string[];
};

/** The package.json of every package under a node_modules folder, nested ones included. */
function installedManifests(nodeModules: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(full);
        continue;
      }
      const manifest = path.join(full, 'package.json');
      if (fs.existsSync(manifest)) found.push(manifest);
      visit(path.join(full, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

describe('Node.js engines', () => {
  const promised = rootManifest.engines.node;
  const oldest = semver.minVersion(promised);

  it('README promises the Node.js that package.json requires', () => {
    expect(oldest).not.toBeNull();
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const shown = `${oldest!.major}.${oldest!.minor}+`;
    expect(readme).toContain(`Node.js ${shown}`);
  });

  it('every installed package accepts the oldest promised Node.js', () => {
    const folders = [root, ...rootManifest.workspaces.map((w) => path.join(root, w))];
    const manifests = folders.flatMap((f) => installedManifests(path.join(f, 'node_modules')));
    expect(manifests.length).toBeGreaterThan(100);
    const refusing: string[] = [];
    for (const file of manifests) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      const wanted = pkg.engines?.node;
      if (typeof wanted !== 'string' || !semver.validRange(wanted)) continue;
      if (!semver.satisfies(oldest!, wanted, { includePrerelease: true })) {
        refusing.push(`${pkg.name}@${pkg.version} needs node ${wanted} (${path.relative(root, file)})`);
      }
    }
    expect(refusing, `packages refusing Node.js ${oldest}`).toEqual([]);
  });
});
