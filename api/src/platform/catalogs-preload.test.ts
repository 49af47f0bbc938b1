import { describe, expect, it } from 'vitest';
import { serverCatalogsLoaded } from '@parliamo/domain/i18n';
import { useTestApp } from '../testing/app.ts';

// In the server's bundle each catalog is a chunk file that a later build removes after an hour
// (scripts/build-server.mjs): a catalog first loaded at the first Italian mail could be gone by then.
describe('the server catalogs', () => {
  useTestApp();

  it('are all in memory once the app has started, before any mail, PDF or checkout needs one', () => {
    expect(serverCatalogsLoaded()).toBe(true);
  });
});
