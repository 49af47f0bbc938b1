import { Box, Container, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useSiteConfig } from '../lib/site.ts';

const courseLinks = [
  { to: '/courses/general-italian', label: 'General Italian' },
  { to: '/courses/b2-certification', label: 'B2 Certification' },
  { to: '/courses/business-italian', label: 'Business Italian' },
  { to: '/courses', label: 'All courses' },
];
const supportLinks = [
  { to: '/faq', label: 'FAQ' },
  { to: '/school-rome', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      {links.map((l) => (
        <ChakraLink key={l.to} asChild color="green.100" fontSize="sm">
          <Link to={l.to}>{l.label}</Link>
        </ChakraLink>
      ))}
    </Stack>
  );
}

export function Footer() {
  const { contactEmail } = useSiteConfig();
  return (
    <Box as="footer" bg="green.900" color="green.50" mt="auto">
      <Container maxW="7xl" py="10">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 1.5fr' }} gap="8">
          <Stack gap="2">
            <Text fontFamily="heading" fontSize="xl" fontWeight="bold" color="white">
              Parliamo
            </Text>
            <Text fontSize="sm" color="green.100">
              Italian lessons online with the teachers of our school in Rome, teaching Italian since 1985.
            </Text>
          </Stack>
          <LinkList title="Courses" links={courseLinks} />
          <LinkList title="Support" links={supportLinks} />
          <Stack gap="2" fontSize="sm">
            <Heading as="h2" size="sm" color="white">
              Contact
            </Heading>
            <Text color="green.100">Via dei Serpenti 45, 00184 Roma, Italy</Text>
            <Text color="green.100">+39 06 4890 2215</Text>
            <ChakraLink href={`mailto:${contactEmail}`} color="green.100">
              {contactEmail}
            </ChakraLink>
          </Stack>
        </Grid>
        <Text fontSize="xs" color="green.200" mt="8">
          © {new Date().getFullYear()} Parliamo, Scuola di Lingua Italiana, Roma. Prices in euro.
        </Text>
      </Container>
    </Box>
  );
}
