import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { milestones, principles } from './content/about.ts';
import { useRulesText } from '../../lib/site.ts';

/** /about-us: the school's story since 1985 and how it teaches. */
export default function AboutUs() {
  const rules = useRulesText();
  return (
    <>
      <PageMeta
        title="About us: teaching Italian in Rome since 1985 | Parliamo"
        description="Parliamo is the online platform of an Italian language school in Rome, teaching Italian to students from all over the world since 1985."
        keywords="about Parliamo, Italian school Rome since 1985, Italian teachers, learn Italian Rome"
        path="/about-us"
      />
      <InfoPageHeader eyebrow="About Us" title="Teaching Italian in Rome since 1985">
        For forty years students from all over the world have learned Italian with us in the heart of Rome. Parliamo brings
        our teachers to you, wherever you are.
      </InfoPageHeader>
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
          {principles.map((p) => (
            <Box key={p.title} borderWidth="1px" borderRadius="xl" p="6">
              <Heading as="h2" size="lg" mb="2">
                {p.title}
              </Heading>
              <Text color="fg.muted">{rules(p.text)}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Heading as="h2" size="xl" mt="12" mb="6">
          Our story
        </Heading>
        <Stack as="ol" listStyleType="none" gap="0" borderLeftWidth="2px" borderColor="green.200" ml="2">
          {milestones.map((m) => (
            <Flex as="li" key={m.year} gap="4" pb="6" pl="6" position="relative">
              <Box position="absolute" left="-7px" top="1.5" w="3" h="3" borderRadius="full" bg="green.700" aria-hidden="true" />
              <Text fontWeight="bold" color="green.800" minW="12">
                {m.year}
              </Text>
              <Text>{rules(m.text)}</Text>
            </Flex>
          ))}
        </Stack>
        <Flex mt="6" gap="3" wrap="wrap">
          <Button asChild colorPalette="green">
            <Link to="/teachers">Meet our teachers</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/school-rome">Visit the school</Link>
          </Button>
        </Flex>
      </Container>
    </>
  );
}
