// The two pieces of page frame the messages pages need, kept here so that this feature imports no
// shell component (the shell, components/, shows the feature's unread count and Message button).
import type { ReactNode } from 'react';
import { Flex, Heading, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n.tsx';

/** The page's h1, also its document title (signed-in pages are not indexed), with actions beside it. */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" wrap="wrap">
      {/* i18n-ignore: the title is already translated; the brand stays as it is. */}
      <title>{`${title} | Parliamo`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      {actions}
    </Flex>
  );
}

/** A conversation or the list while it loads (a line of text: the shell's spinner stays in the shell's chunks). */
export function Waiting() {
  const t = useT();
  return (
    <Text role="status" color="fg.muted" py="10" textAlign="center">
      {t('common.loading')}
    </Text>
  );
}
