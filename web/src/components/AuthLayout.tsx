import type { ReactNode } from 'react';
import { Box, Container, Heading, Text } from '@chakra-ui/react';

/** The centred card that holds the sign-in, sign-up and password forms. */
export function AuthLayout({ title, intro, children, maxW = 'md' }: { title: string; intro?: ReactNode; children: ReactNode; maxW?: string }) {
  return (
    <Box bg="green.50" py={{ base: '8', md: '14' }} minH="70vh">
      <Container maxW={maxW} px={{ base: '4', md: '6' }}>
        <Box bg="bg" borderWidth="1px" borderRadius="2xl" boxShadow="sm" p={{ base: '5', md: '8' }}>
          <Heading as="h1" size="2xl" mb="2">
            {title}
          </Heading>
          {intro && (
            <Text color="fg.muted" mb="6">
              {intro}
            </Text>
          )}
          {children}
        </Box>
      </Container>
    </Box>
  );
}
