import { Flex, Spinner, Text } from '@chakra-ui/react';
import { t } from '../lib/i18n-store.ts';

/** The spinner shown while the session or a page loads. */
export function Loading() {
  return (
    <Flex role="status" aria-live="polite" minH="50vh" align="center" justify="center" direction="column" gap="3">
      <Spinner size="lg" color="green.700" />
      <Text color="fg.muted">{t('common.loading')}</Text>
    </Flex>
  );
}
