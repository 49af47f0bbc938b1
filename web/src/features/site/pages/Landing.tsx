import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { LaunchNotice } from '../../../components/LaunchNotice.tsx';
import { HomeTeacherGrid } from '../HomeTeacherGrid.tsx';
import { Testimonials } from '../Testimonials.tsx';
import { CertificationLogos } from '../CertificationLogos.tsx';
import { teacherQueries } from '../../teachers/index.ts';
import { certifications, howItWorks, testimonials, valueCards } from '../content/landing.ts';
import { useRuleValues } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';

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
  const t = useT();
  return (
    <Box bg="green.50" overflow="hidden">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Flex gap={{ base: '8', lg: '12' }} align="center" direction={{ base: 'column', lg: 'row' }}>
          <Box flex="1.1">
            <Text fontSize="sm" fontWeight="semibold" color="green.800" textTransform="uppercase" letterSpacing="wider">
              {t('public.home.hero.eyebrow')}
            </Text>
            <Heading as="h1" mt="3" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              {t('public.home.hero.title')}
            </Heading>
            <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              {t('public.home.hero.text')}
            </Text>
            <HStack mt="8" gap="3" wrap="wrap">
              <Button asChild size="lg" colorPalette="green">
                <Link to="/teachers">{t('public.home.hero.findTeacher')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="green" bg="bg">
                <Link to="/about-us">{t('public.home.hero.about')}</Link>
              </Button>
            </HStack>
          </Box>
          <Box flex="1" w="100%" maxW={{ base: '520px', lg: 'none' }}>
            <img
              src="/images/hero-rome.svg"
              alt={t('public.home.hero.imageAlt')}
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
export const firstReads = () => [teacherQueries.teachers()];

export default function Landing() {
  const t = useT();
  const rules = useRuleValues();
  // The hero image is asked for first, and only here (a preload in index.html went unused on every other page).
  preload('/images/hero-rome.svg', { as: 'image', type: 'image/svg+xml', fetchPriority: 'high' });
  return (
    <>
      <PageMeta
        title={t('public.home.meta.title')}
        description={t('public.home.meta.description')}
        keywords={t('public.home.meta.keywords')}
        path="/"
      />
      <Hero />
      <Container maxW="7xl" pt={{ base: '8', md: '10' }}>
        <LaunchNotice />
      </Container>

      <Section id="values" title={t('public.home.values.title')}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {valueCards.map((c) => (
            <InfoCard key={c} title={t(`public.home.value.${c}.title`)} text={t(`public.home.value.${c}.text`, rules)} testId="value-card" />
          ))}
        </SimpleGrid>
      </Section>

      <Section id="how" title={t('public.home.how.title')} bg="gray.50">
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="5">
          {howItWorks.map((step) => (
            <InfoCard key={step} as="li" title={t(`public.home.how.${step}.title`)} text={t(`public.home.how.${step}.text`, rules)} testId="how-card">
              <Flex w="10" h="10" borderRadius="full" bg="green.700" color="white" align="center" justify="center" fontWeight="bold" mb="4" aria-hidden="true">
                {step}
              </Flex>
            </InfoCard>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="teachers" title={t('public.home.teachers.title')} intro={t('public.home.teachers.intro')}>
        <HomeTeacherGrid />
        <Flex justify="center" mt="8">
          <Button asChild size="lg" colorPalette="green">
            <Link to="/register">{t('public.home.teachers.find')}</Link>
          </Button>
        </Flex>
      </Section>

      <Section id="certifications" title={t('public.home.certifications.title')} bg="gray.50" intro={t('public.home.certifications.intro')}>
        <CertificationLogos items={certifications.map((c) => ({ ...c, name: t(c.name) }))} />
      </Section>

      <Section id="testimonials" title={t('public.home.testimonials.title')}>
        <Testimonials items={testimonials} />
      </Section>

      <Box as="section" aria-labelledby="cta-title" bg="green.800" color="white" py={{ base: '12', md: '16' }}>
        <Container maxW="3xl" textAlign="center">
          <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '3xl' }} color="white">
            {t('public.home.cta.title')}
          </Heading>
          <Text mt="3" color="green.100">
            {t('public.home.cta.text')}
          </Text>
          <Button asChild size="lg" mt="7" bg="white" color="green.900" _hover={{ bg: 'green.50' }}>
            <Link to="/register">{t('public.home.cta.button')}</Link>
          </Button>
        </Container>
      </Box>
    </>
  );
}
