import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta, type PageMetaProps } from '../../components/PageMeta.tsx';
import { legalUpdated, type LegalSection } from './content/legal.ts';
import { useRuleValues } from '../../lib/rule-values.ts';
import { dateLabel } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.tsx';

/** A legal text page (privacy, terms): numbered sections from a content module, with the school's settings in force. */
export function LegalPage({ title, intro, sections, meta }: { title: string; intro: string; sections: LegalSection[]; meta: PageMetaProps }) {
  const t = useT();
  const rules = useRuleValues();
  return (
    <>
      <PageMeta {...meta} />
      <InfoPageHeader eyebrow={t('public.legal.updated', { date: dateLabel(legalUpdated, { day: 'numeric', month: 'long', year: 'numeric' }) })} title={title}>
        {intro}
      </InfoPageHeader>
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <Stack gap="8">
          {sections.map((s, i) => (
            <Stack as="section" key={s.key} gap="3">
              <Heading as="h2" size="lg">
                {i + 1}. {t(`public.${s.key}.heading`)}
              </Heading>
              {Array.from({ length: s.paragraphs }, (_, j) => (
                <Text key={j}>{t(`public.${s.key}.${j}`, rules)}</Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Container>
    </>
  );
}
