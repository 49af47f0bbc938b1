import { Box, Container, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useSiteConfig } from '../lib/site.ts';
import { useT } from '../lib/i18n.tsx';

// Labels are keys of web/src/locales/<locale>/common.json.
const courseLinks = [
  { to: '/courses/general-italian', label: 'common.footer.generalItalian' },
  { to: '/courses/b2-certification', label: 'common.footer.b2' },
  { to: '/courses/business-italian', label: 'common.footer.business' },
  { to: '/courses', label: 'common.footer.allCourses' },
];
const supportLinks = [
  { to: '/faq', label: 'common.nav.faq' },
  { to: '/school-rome', label: 'common.nav.contact' },
  { to: '/privacy-policy', label: 'common.footer.privacy' },
  { to: '/terms-conditions', label: 'common.footer.terms' },
];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const t = useT();
  return (
    <Stack gap="2">
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      {links.map((l) => (
        <ChakraLink key={l.to} asChild color="green.100" fontSize="sm">
          <Link to={l.to}>{t(l.label)}</Link>
        </ChakraLink>
      ))}
    </Stack>
  );
}

export function Footer() {
  const { contactEmail } = useSiteConfig();
  const t = useT();
  return (
    <Box as="footer" bg="green.900" color="green.50" mt="auto">
      <Container maxW="7xl" py="10">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 1.5fr' }} gap="8">
          <Stack gap="2">
            <Text fontFamily="heading" fontSize="xl" fontWeight="bold" color="white">
              Parliamo
            </Text>
            <Text fontSize="sm" color="green.100">
              {t('common.footer.tagline')}
            </Text>
          </Stack>
          <LinkList title={t('common.footer.courses')} links={courseLinks} />
          <LinkList title={t('common.footer.support')} links={supportLinks} />
          <Stack gap="2" fontSize="sm">
            <Heading as="h2" size="sm" color="white">
              {t('common.footer.contact')}
            </Heading>
            <Text color="green.100">{t('common.footer.address')}</Text>
            <Text color="green.100">+39 06 4890 2215</Text>
            <ChakraLink href={`mailto:${contactEmail}`} color="green.100">
              {contactEmail}
            </ChakraLink>
          </Stack>
        </Grid>
        <Text fontSize="xs" color="green.200" mt="8">
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
