import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { useSiteConfig } from '../lib/site.ts';

/** The launch-phase notice (spec "What the product does and for whom"); the contact address comes from /api/site-config. */
export function LaunchNotice() {
  const { contactEmail } = useSiteConfig();
  return (
    <Flex
      role="note"
      aria-label="Launch notice"
      gap="3"
      align="flex-start"
      bg="orange.50"
      borderWidth="1px"
      borderColor="orange.200"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
    >
      <Box as="span" aria-hidden="true" fontSize="xl" lineHeight="1" mt="0.5">
        ☀
      </Box>
      <Text fontSize={{ base: 'sm', md: 'md' }} color="orange.950">
        <Text as="strong">We are in our launch phase.</Text> Teacher availability is limited during the summer, and the
        platform is fully operational from September 2025. To request dedicated availability or a specific teacher, write
        to{' '}
        <Link href={`mailto:${contactEmail}`} color="green.800" fontWeight="semibold" textDecoration="underline">
          {contactEmail}
        </Link>
        .
      </Text>
    </Flex>
  );
}
