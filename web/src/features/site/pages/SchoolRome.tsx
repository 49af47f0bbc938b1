import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { useSiteConfig } from '../../../lib/site.ts';
import { school } from '../content/school.ts';
import { useT } from '../../../lib/i18n.tsx';

/** /school-rome: the school in Rome and how to contact it ("Contact Us" in the header). */
export default function SchoolRome() {
  const t = useT();
  const { contactEmail } = useSiteConfig();
  return (
    <>
      <PageMeta
        title={t('public.contact.meta.title')}
        description={t('public.contact.meta.description')}
        keywords={t('public.contact.meta.keywords')}
        path="/school-rome"
      />
      <InfoPageHeader eyebrow={t('public.contact.eyebrow')} title={t('public.contact.title')}>
        {t('public.contact.intro', { founded: String(school.founded) })}
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack as="address" fontStyle="normal" borderWidth="1px" borderRadius="xl" p="6" gap="3">
            <Heading as="h2" size="lg">
              {t('public.contact.getInTouch')}
            </Heading>
            <Text>
              {school.name}
              <br />
              {school.street}
              <br />
              {school.postalCity}, {t('public.contact.country')}
            </Text>
            <Text>
              {t('public.contact.phone')}{' '}
              <Link href={school.phoneHref} color="green.800" fontWeight="semibold">
                {school.phone}
              </Link>
            </Text>
            <Text>
              {t('public.contact.email')}{' '}
              <Link href={`mailto:${contactEmail}`} color="green.800" fontWeight="semibold">
                {contactEmail}
              </Link>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('public.contact.metro')}
            </Text>
          </Stack>
          <Stack borderWidth="1px" borderRadius="xl" p="6" gap="3">
            <Heading as="h2" size="lg">
              {t('public.contact.officeHours')}
            </Heading>
            <Box as="dl">
              {school.hours.map((h) => (
                <Box key={h.days} display="flex" justifyContent="space-between" gap="4" py="2" borderBottomWidth="1px">
                  <Text as="dt">{t(`public.contact.days.${h.days}`)}</Text>
                  <Text as="dd" fontWeight="semibold">
                    {h.time ?? t('public.contact.closed')}
                  </Text>
                </Box>
              ))}
            </Box>
            <Text fontSize="sm" color="fg.muted">
              {t('public.contact.outsideHours')}
            </Text>
          </Stack>
        </SimpleGrid>
        <Box mt="8" borderWidth="1px" borderRadius="xl" p="6" bg="gray.50">
          <Heading as="h2" size="lg" mb="3">
            {t('public.contact.writeAbout')}
          </Heading>
          <Stack as="ul" gap="1" pl="5" listStyleType="disc">
            {['availability', 'invoices', 'groups', 'questions'].map((topic) => (
              <li key={topic}>{t(`public.contact.topic.${topic}`)}</li>
            ))}
          </Stack>
        </Box>
      </Container>
    </>
  );
}
