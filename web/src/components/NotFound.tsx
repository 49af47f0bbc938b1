import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useT } from '../lib/i18n.tsx';

export default function NotFound() {
  const t = useT();
  return (
    <Container maxW="2xl" py="24">
      <title>{t('public.notFound.metaTitle')}</title>
      <VStack gap="5" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="green.700" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {t('public.notFound.title')}
        </Heading>
        <Text color="fg.muted">
          {t('public.notFound.text')}
        </Text>
        <Button asChild colorPalette="green">
          <Link to="/">{t('public.notFound.home')}</Link>
        </Button>
      </VStack>
    </Container>
  );
}
