// The docs point only inside the repository, at files and docs that exist, and cite rules by name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const markdownIn = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return markdownIn(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
const docs = ['README.md', ...markdownIn('docs')];
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const exists = (rel: string) => fs.existsSync(path.join(root, rel));

describe('docs', () => {
  it('point nowhere outside the repository and name no issue numbers nor spec section numbers', () => {
    const found = docs.flatMap((file) =>
      [/\.\.\/shared/g, /\bissues? #?\d+/gi, /\bspec sections? \d/gi].flatMap((re) => [...read(file).matchAll(re)].map((m) => `${file}: ${m[0]}`)),
    );
    expect(found).toEqual([]);
  });

  it('name source files that exist', () => {
    const missing = docs.flatMap((file) =>
      [...read(file).matchAll(/`((?:api|domain|ledger|projections|web|tests|scripts)\/[\w./-]+\.(?:ts|tsx|mjs|cjs))`/g)]
        .map((m) => m[1]!)
        .filter((p) => !exists(p))
        .map((p) => `${file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('link to docs that exist: markdown links from their own folder, docs/... paths from the root', () => {
    const broken = docs.flatMap((file) => {
      const text = read(file);
      const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !exists(path.join(path.dirname(file), target)));
      const named = [...text.matchAll(/(?<![\w/.])(docs\/[\w/.-]*\w(?:\.md|\/))/g)].map((m) => m[1]!).filter((p) => !exists(p));
      return [...links, ...named].map((target) => `${file}: ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('keep one record per decision, each with its status', () => {
    const records = fs.readdirSync(path.join(root, 'docs', 'decisions')).filter((f) => /^\d{3}-.+\.md$/.test(f));
    expect(records.length).toBeGreaterThan(10);
    const index = read('docs/decisions/README.md');
    const problems = records.flatMap((f) => [
      ...(/^Status: (accepted|superseded)/m.test(read(`docs/decisions/${f}`)) ? [] : [`${f}: no status line`]),
      ...(index.includes(`](${f})`) ? [] : [`${f}: not in docs/decisions/README.md`]),
    ]);
    expect(problems).toEqual([]);
  });
});
