import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { InfoPageHeader } from './InfoPageHeader.tsx';
import { PageMeta, type PageMetaProps } from './PageMeta.tsx';
import { legalUpdated, type LegalSection } from '../pages/public/content/legal.ts';
import { useRulesText } from '../lib/site.ts';

/** A legal text page (privacy, terms): numbered sections from a content module, with the school's settings in force. */
export function LegalPage({ title, intro, sections, meta }: { title: string; intro: string; sections: LegalSection[]; meta: PageMetaProps }) {
  const rules = useRulesText();
  return (
    <>
      <PageMeta {...meta} description={meta.description && rules(meta.description)} />
      <InfoPageHeader eyebrow={`Last updated ${legalUpdated}`} title={title}>
        {intro}
      </InfoPageHeader>
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <Stack gap="8">
          {sections.map((s, i) => (
            <Stack as="section" key={s.heading} gap="3">
              <Heading as="h2" size="lg">
                {i + 1}. {s.heading}
              </Heading>
              {s.paragraphs.map((p) => (
                <Text key={p.slice(0, 32)}>{rules(p)}</Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Container>
    </>
  );
}
