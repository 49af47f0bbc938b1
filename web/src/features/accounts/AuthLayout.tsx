import type { ReactNode } from 'react';
import { Box, Container, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { Trans } from '../../lib/i18n.tsx';

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

/** The line under a form that sends to the other one ("New to Parliamo? <link>Create an account</link>"): message `id`, link to `to`. */
export function AuthOtherFormLink({ id, to }: { id: string; to: string }) {
  return (
    <Text fontSize="sm" textAlign="center">
      <Trans
        id={id}
        values={{
          link: (text) => (
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to={to}>{text}</Link>
            </ChakraLink>
          ),
        }}
      />
    </Text>
  );
}
