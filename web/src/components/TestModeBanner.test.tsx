import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { createAppSystem } from '../theme.ts';
import { loadLocale } from '../lib/i18n-store.ts';
import { TestModeBannerView } from './TestModeBanner.tsx';

const system = createAppSystem();
const ENGLISH = 'Test mode: payments are simulated and no card is charged.';
const ITALIAN = 'Modalità di prova: i pagamenti sono simulati e nessuna carta viene addebitata.';

const render = (show: boolean) =>
  renderToString(
    <ChakraProvider value={system}>
      <TestModeBannerView show={show} />
    </ChakraProvider>,
  );

describe('the test-mode banner', () => {
  it('says that payments are simulated, as a status, when the site runs with PAYMENTS=test', async () => {
    await loadLocale('en');
    const html = render(true);
    expect(html).toContain(ENGLISH);
    expect(html).toContain('role="status"');
  });

  it('says it in Italian on an Italian page', async () => {
    await loadLocale('it');
    expect(render(true)).toContain(ITALIAN);
    await loadLocale('en');
  });

  it('is absent otherwise', async () => {
    await loadLocale('en');
    expect(render(false)).not.toContain(ENGLISH);
  });
});
