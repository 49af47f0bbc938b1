import { Component, type ReactNode } from 'react';
import { t } from '../lib/i18n-store.ts';
import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';

/**
 * Catches a page that failed to load or render (most often: its code could not be fetched while offline)
 * and offers a reload, keeping the header and footer on screen.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('Page failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container maxW="2xl" py="20">
        <VStack gap="4" textAlign="center">
          <Heading as="h1" size="2xl">
            {t('common.pageError.title')}
          </Heading>
          <Text color="fg.muted">{t('common.pageError.text')}</Text>
          <Button colorPalette="green" onClick={() => window.location.reload()}>
            {t('common.pageError.retry')}
          </Button>
        </VStack>
      </Container>
    );
  }
}
