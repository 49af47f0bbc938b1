import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { faq } from './content/faq.ts';
import { useRulesText } from '../../lib/site.ts';

/** /faq: answers grouped by topic, each a native disclosure (keyboard and screen-reader friendly). */
export default function Faq() {
  const rules = useRulesText();
  return (
    <>
      <PageMeta
        title="Frequently asked questions | Parliamo"
        description={rules('How hour packages, the €3 fee, the 6-month validity and the 48-hour booking and cancellation rules work at Parliamo.')}
        keywords="Parliamo FAQ, Italian lessons questions, hour packages, cancellation policy, lesson booking"
        path="/faq"
      />
      <InfoPageHeader eyebrow="FAQ" title="Frequently asked questions">
        Everything about hours, payments, booking and our teachers. Can’t find your answer?{' '}
        <Box as="span" color="green.800" fontWeight="semibold" textDecoration="underline">
          <Link to="/school-rome">Contact us</Link>
        </Box>
        .
      </InfoPageHeader>
      <Container maxW="4xl" py={{ base: '8', md: '12' }}>
        <Stack gap="10">
          {faq.map((group) => (
            <Box as="section" key={group.title}>
              <Heading as="h2" size="xl" mb="4">
                {group.title}
              </Heading>
              <Stack gap="3">
                {group.entries.map((e) => (
                  <Box as="details" key={e.question} className="faq-item" borderWidth="1px" borderRadius="lg" bg="bg">
                    <Box as="summary" px="5" py="4" fontWeight="semibold" cursor="pointer">
                      {rules(e.question)}
                    </Box>
                    <Text px="5" pb="4" color="fg.muted">
                      {rules(e.answer)}
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
