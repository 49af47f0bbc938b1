import type { ReactNode } from 'react';
import { Box, Flex, Heading, Text } from '@chakra-ui/react';

/** The top of a signed-in page: its title (h1, also the document title, not indexed) with an optional line below it and actions on the right. */
export function AppPageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" mb="6" direction={{ base: 'column', sm: 'row' }}>
      {/* React 19 hoists these into <head>; signed-in pages are private, so not indexed. */}
      {/* i18n-ignore: the title is already translated; the brand stays as it is. */}
      <title>{`${title} | Parliamo`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        {subtitle && (
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions}
    </Flex>
  );
}
