import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Testimonial } from '../pages/public/content/landing.ts';

function Stars({ rating }: { rating: number }) {
  return (
    <HStack gap="0.5" role="img" aria-label={`${rating} out of 5 stars`} color="orange.400">
      {Array.from({ length: rating }, (_, i) => (
        <svg key={i} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" data-testid="star">
          <path fill="currentColor" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7.3L12 17.8 5.7 21.5l1.7-7.3L2 9.5l7.1-.6z" />
        </svg>
      ))}
    </HStack>
  );
}

/** The fixed student testimonials of the home page. */
export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      {items.map((t) => (
        <Stack as="figure" key={t.id} data-testid="testimonial" borderWidth="1px" borderRadius="xl" bg="bg" p="6" gap="4">
          <Stars rating={t.rating} />
          <Box as="blockquote" flex="1">
            <Text fontSize="md">“{t.text}”</Text>
          </Box>
          <Box as="figcaption">
            <Text fontWeight="semibold">{t.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t.country} · {t.course}
            </Text>
          </Box>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
