import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/PageMeta.tsx';
import { LaunchNotice } from '../../components/LaunchNotice.tsx';
import { HomeTeacherGrid } from '../../components/HomeTeacherGrid.tsx';
import { Testimonials } from '../../components/Testimonials.tsx';
import { CertificationLogos } from '../../components/CertificationLogos.tsx';
import { queries } from '../../lib/queries.ts';
import { certifications, howItWorks, testimonials, valueCards } from './content/landing.ts';
import { useRulesText } from '../../lib/site.ts';

function Section({ id, title, intro, children, bg }: { id: string; title: string; intro?: string; children: ReactNode; bg?: string }) {
  return (
    <Box as="section" aria-labelledby={`${id}-title`} bg={bg} py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <Stack gap="2" mb="8" textAlign={{ md: 'center' }} align={{ md: 'center' }}>
          <Heading as="h2" id={`${id}-title`} size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          {intro && (
            <Text color="fg.muted" maxW="2xl">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

/** A bordered card with a heading and a paragraph (an optional mark above them): the landing's value and step cards. */
function InfoCard({ title, text, testId, as, children }: { title: string; text: string; testId: string; as?: 'li'; children?: ReactNode }) {
  return (
    <Box as={as} borderWidth="1px" borderRadius="xl" p="6" bg="bg" data-testid={testId}>
      {children}
      <Heading as="h3" size="lg" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

function Hero() {
  return (
    <Box bg="green.50" overflow="hidden">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Flex gap={{ base: '8', lg: '12' }} align="center" direction={{ base: 'column', lg: 'row' }}>
          <Box flex="1.1">
            <Text fontSize="sm" fontWeight="semibold" color="green.800" textTransform="uppercase" letterSpacing="wider">
              Scuola di lingua italiana · Roma · since 1985
            </Text>
            <Heading as="h1" mt="3" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              Learn Italian with teachers from Rome
            </Heading>
            <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              Our school has taught Italian in Rome since 1985. Choose your teacher, buy a package of lesson hours and book
              one-hour lessons online, whenever suits you.
            </Text>
            <HStack mt="8" gap="3" wrap="wrap">
              <Button asChild size="lg" colorPalette="green">
                <Link to="/teachers">Find Your Italian Teacher</Link>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="green" bg="bg">
                <Link to="/about-us">About Us</Link>
              </Button>
            </HStack>
          </Box>
          <Box flex="1" w="100%" maxW={{ base: '520px', lg: 'none' }}>
            <img
              src="/images/hero-rome.svg"
              alt="Illustration of the Colosseum and the rooftops of Rome at sunset"
              width={640}
              height={440}
              fetchPriority="high"
              style={{ width: '100%', height: 'auto', borderRadius: 16 }}
            />
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [queries.teachers()];

export default function Landing() {
  const rules = useRulesText();
  // The hero image is asked for first, and only here (a preload in index.html went unused on every other page).
  preload('/images/hero-rome.svg', { as: 'image', type: 'image/svg+xml', fetchPriority: 'high' });
  return (
    <>
      <PageMeta
        title="Parliamo | Italian lessons online with teachers from Rome"
        description="Learn Italian online one-to-one with qualified teachers from our school in Rome, teaching since 1985. Buy hour packages and book one-hour lessons."
        keywords="learn Italian online, Italian teacher, Italian lessons Rome, Italian school since 1985, Italian course"
        path="/"
      />
      <Hero />
      <Container maxW="7xl" pt={{ base: '8', md: '10' }}>
        <LaunchNotice />
      </Container>

      <Section id="values" title="Why learn with Parliamo">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {valueCards.map((c) => (
            <InfoCard key={c.title} title={c.title} text={rules(c.text)} testId="value-card" />
          ))}
        </SimpleGrid>
      </Section>

      <Section id="how" title="How It Works" bg="gray.50">
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
          {howItWorks.map((c) => (
            <InfoCard key={c.step} as="li" title={c.title} text={rules(c.text)} testId="how-card">
              <Flex w="10" h="10" borderRadius="full" bg="green.700" color="white" align="center" justify="center" fontWeight="bold" mb="4" aria-hidden="true">
                {c.step}
              </Flex>
            </InfoCard>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="teachers" title="Meet our teachers" intro="A different selection every day from the teachers of our school.">
        <HomeTeacherGrid />
        <Flex justify="center" mt="8">
          <Button asChild size="lg" colorPalette="green">
            <Link to="/register">Find Your Teacher</Link>
          </Button>
        </Flex>
      </Section>

      <Section id="certifications" title="Certifications and accreditations" bg="gray.50" intro="We prepare students for the official exams of Italian as a foreign language.">
        <CertificationLogos items={certifications} />
      </Section>

      <Section id="testimonials" title="What our students say">
        <Testimonials items={testimonials} />
      </Section>

      <Box as="section" aria-labelledby="cta-title" bg="green.800" color="white" py={{ base: '12', md: '16' }}>
        <Container maxW="3xl" textAlign="center">
          <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '3xl' }} color="white">
            Ready to start speaking Italian?
          </Heading>
          <Text mt="3" color="green.100">
            Create your free account, choose a teacher and book your first lesson.
          </Text>
          <Button asChild size="lg" mt="7" bg="white" color="green.900" _hover={{ bg: 'green.50' }}>
            <Link to="/register">Get Started Today</Link>
          </Button>
        </Container>
      </Box>
    </>
  );
}
