import type { ReactNode } from 'react';
import { Box, Container, Heading, Text } from '@chakra-ui/react';

/** The band at the top of an information page: eyebrow, title (the page's h1) and an introduction. */
export function InfoPageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <Box bg="green.50" borderBottomWidth="1px" borderColor="green.100">
      <Container maxW="5xl" py={{ base: '10', md: '14' }}>
        {eyebrow && (
          <Text fontSize="sm" fontWeight="semibold" color="green.800" textTransform="uppercase" letterSpacing="wider" mb="2">
            {eyebrow}
          </Text>
        )}
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15">
          {title}
        </Heading>
        {children && (
          <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="3xl">
            {children}
          </Text>
        )}
      </Container>
    </Box>
  );
}
