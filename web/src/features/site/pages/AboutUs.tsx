import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { milestones, principles } from '../content/about.ts';
import { useRuleValues } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';

/** /about-us: the school's story since 1985 and how it teaches. */
export default function AboutUs() {
  const t = useT();
  const rules = useRuleValues();
  return (
    <>
      <PageMeta
        title={t('public.about.meta.title')}
        description={t('public.about.meta.description')}
        keywords={t('public.about.meta.keywords')}
        path="/about-us"
      />
      <InfoPageHeader eyebrow={t('public.about.eyebrow')} title={t('public.about.title')}>
        {t('public.about.intro')}
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {principles.map((p) => (
            <Box key={p} borderWidth="1px" borderRadius="xl" p="6">
              <Heading as="h2" size="lg" mb="2">
                {t(`public.about.principle.${p}.title`)}
              </Heading>
              <Text color="fg.muted">{t(`public.about.principle.${p}.text`, rules)}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Heading as="h2" size="xl" mt="12" mb="6">
          {t('public.about.story')}
        </Heading>
        <Stack as="ol" listStyleType="none" gap="0" borderLeftWidth="2px" borderColor="green.200" ml="2">
          {milestones.map((m) => (
            <Flex as="li" key={m} gap="4" pb="6" pl="6" position="relative">
              <Box position="absolute" left="-7px" top="1.5" w="3" h="3" borderRadius="full" bg="green.700" aria-hidden="true" />
              <Text fontWeight="bold" color="green.800" minW="12">
                {m}
              </Text>
              <Text>{t(`public.about.milestone.${m}`, rules)}</Text>
            </Flex>
          ))}
        </Stack>
        <Flex mt="6" gap="3" wrap="wrap">
          <Button asChild colorPalette="green">
            <Link to="/teachers">{t('public.about.meetTeachers')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/school-rome">{t('public.about.visit')}</Link>
          </Button>
        </Flex>
      </Container>
    </>
  );
}
