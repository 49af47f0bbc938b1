// The docs point only inside the repository, at files that exist, and cite spec rules by name.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const docs = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('docs', () => {
  it('point nowhere outside the repository and name no issue numbers nor spec section numbers', () => {
    const found = docs.flatMap((file) =>
      [/\.\.\/shared/g, /\bissues? #?\d+/gi, /\bspec sections? \d/gi].flatMap((re) => [...read(file).matchAll(re)].map((m) => `${file}: ${m[0]}`)),
    );
    expect(found).toEqual([]);
  });

  it('name files that exist in the code map and the decisions', () => {
    const missing = ['docs/code-map.md', 'docs/decisions.md'].flatMap((file) =>
      [...read(file).matchAll(/`((?:api|domain|ledger|projections|web|tests|scripts)\/[\w./-]+\.(?:ts|tsx|mjs|cjs))`/g)]
        .map((m) => m[1]!)
        .filter((p) => !fs.existsSync(path.join(root, p)))
        .map((p) => `${file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });
});
