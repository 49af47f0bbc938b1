import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { faq } from '../content/faq.ts';
import { useRuleValues } from '../../../lib/rule-values.ts';
import { Trans, useT } from '../../../lib/i18n.tsx';

/** /faq: answers grouped by topic, each a native disclosure (keyboard and screen-reader friendly). */
export default function Faq() {
  const t = useT();
  const rules = useRuleValues();
  return (
    <>
      <PageMeta
        title={t('public.faq.meta.title')}
        description={t('public.faq.meta.description', rules)}
        keywords={t('public.faq.meta.keywords')}
        path="/faq"
      />
      <InfoPageHeader eyebrow={t('public.faq.eyebrow')} title={t('public.faq.title')}>
        <Trans
          id="public.faq.intro"
          values={{
            link: (text) => (
              <Box as="span" color="green.800" fontWeight="semibold" textDecoration="underline">
                <Link to="/school-rome">{text}</Link>
              </Box>
            ),
          }}
        />
      </InfoPageHeader>
      <Container maxW="4xl" py={{ base: '8', md: '12' }}>
        <Stack gap="10">
          {faq.map((group) => (
            <Box as="section" key={group.key}>
              <Heading as="h2" size="xl" mb="4">
                {t(`public.faq.${group.key}.title`)}
              </Heading>
              <Stack gap="3">
                {Array.from({ length: group.entries }, (_, i) => `public.faq.${group.key}.${i}`).map((e) => (
                  <Box as="details" key={e} className="faq-item" borderWidth="1px" borderRadius="lg" bg="bg">
                    <Box as="summary" px="5" py="4" fontWeight="semibold" cursor="pointer">
                      {t(`${e}.question`, rules)}
                    </Box>
                    <Text px="5" pb="4" color="fg.muted">
                      {t(`${e}.answer`, rules)}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
