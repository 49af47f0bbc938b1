import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { createAppSystem } from '../theme.ts';

const system = createAppSystem();
import { TEST_MODE_TEXT, TestModeBannerView } from './TestModeBanner.tsx';

const render = (show: boolean) =>
  renderToString(
    <ChakraProvider value={system}>
      <TestModeBannerView show={show} />
    </ChakraProvider>,
  );

describe('the test-mode banner', () => {
  it('says that payments are simulated, as a status, when the site runs with PAYMENTS=test', () => {
    const html = render(true);
    expect(html).toContain(TEST_MODE_TEXT);
    expect(html).toContain('role="status"');
  });

  it('is absent otherwise', () => {
    expect(render(false)).not.toContain(TEST_MODE_TEXT);
  });
});
