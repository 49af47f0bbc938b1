import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresCannotEnterError, startEmbeddedDatabase } from './embedded.ts';

// As root, PostgreSQL runs as the user postgres; a data folder under a private parent (like /root)
// must be refused with one sentence saying what to do, not die in initdb. The suite runs as root in CI.
describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL started by root', () => {
  let tmp: string | undefined;
  afterEach(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses a data folder the user postgres cannot enter, saying what to do, and frees the folder', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-private-'));
    const privateParent = path.join(tmp, 'home');
    fs.mkdirSync(privateParent, { mode: 0o700 });
    const dataDir = path.join(privateParent, 'parliamo', '.data');

    const started = startEmbeddedDatabase(dataDir, { persistent: false });
    await expect(started).rejects.toBeInstanceOf(PostgresCannotEnterError);
    await expect(started).rejects.toThrow(
      `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${dataDir}`,
    );
    await expect(started).rejects.toThrow(/DATABASE_URL/);
    expect(fs.existsSync(path.join(dataDir, 'parliamo.pid'))).toBe(false);
  });
});
