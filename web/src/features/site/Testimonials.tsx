import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Testimonial } from './content/landing.ts';
import { useT } from '../../lib/i18n.tsx';

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <HStack gap="0.5" role="img" aria-label={t('public.testimonials.stars', { rating })} color="orange.400">
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
  const t = useT();
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      {items.map((s) => (
        <Stack as="figure" key={s.id} data-testid="testimonial" borderWidth="1px" borderRadius="xl" bg="bg" p="6" gap="4">
          <Stars rating={s.rating} />
          <Box as="blockquote" flex="1">
            <Text fontSize="md">“{t(`public.home.testimonial.${s.id}.text`)}”</Text>
          </Box>
          <Box as="figcaption">
            <Text fontWeight="semibold">{s.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t(`public.home.testimonial.${s.id}.country`)} · {t(`public.home.testimonial.${s.id}.course`)}
            </Text>
          </Box>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
