import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { useSiteConfig } from '../../lib/site.ts';
import { school } from './content/school.ts';

/** /school-rome: the school in Rome and how to contact it ("Contact Us" in the header). */
export default function SchoolRome() {
  const { contactEmail } = useSiteConfig();
  return (
    <>
      <PageMeta
        title="Contact us: our school in Rome | Parliamo"
        description="Contact Parliamo, Italian language school in the Monti district of Rome since 1985: address, phone, e-mail and opening hours."
        keywords="Italian school Rome, contact Parliamo, Italian language school Monti, Via dei Serpenti"
        path="/school-rome"
      />
      <InfoPageHeader eyebrow="Contact Us" title="Our school in Rome">
        Since {school.founded} we have taught Italian in the Monti district, a short walk from the Colosseum. Write, call or
        visit us: we answer every message within one working day.
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack as="address" fontStyle="normal" borderWidth="1px" borderRadius="xl" p="6" gap="3">
            <Heading as="h2" size="lg">
              Get in touch
            </Heading>
            <Text>
              {school.name}
              <br />
              {school.street}
              <br />
              {school.postalCity}, {school.country}
            </Text>
            <Text>
              Phone:{' '}
              <Link href={school.phoneHref} color="green.800" fontWeight="semibold">
                {school.phone}
              </Link>
            </Text>
            <Text>
              E-mail:{' '}
              <Link href={`mailto:${contactEmail}`} color="green.800" fontWeight="semibold">
                {contactEmail}
              </Link>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {school.metro}
            </Text>
          </Stack>
          <Stack borderWidth="1px" borderRadius="xl" p="6" gap="3">
            <Heading as="h2" size="lg">
              Office hours (Rome time)
            </Heading>
            <Box as="dl">
              {school.hours.map((h) => (
                <Box key={h.days} display="flex" justifyContent="space-between" gap="4" py="2" borderBottomWidth="1px">
                  <Text as="dt">{h.days}</Text>
                  <Text as="dd" fontWeight="semibold">
                    {h.time}
                  </Text>
                </Box>
              ))}
            </Box>
            <Text fontSize="sm" color="fg.muted">
              Online lessons run outside office hours too, whenever your teacher has published free slots.
            </Text>
          </Stack>
        </SimpleGrid>
        <Box mt="8" borderWidth="1px" borderRadius="xl" p="6" bg="gray.50">
          <Heading as="h2" size="lg" mb="3">
            Write to us about
          </Heading>
          <Stack as="ul" gap="1" pl="5" listStyleType="disc">
            <li>dedicated availability or a specific teacher during our launch phase;</li>
            <li>invoices, your fiscal code or Partita IVA;</li>
            <li>group or company courses and exam preparation;</li>
            <li>any question about your hours, bookings or payments.</li>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
