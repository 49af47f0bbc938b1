import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export default function NotFound() {
  return (
    <Container maxW="2xl" py="24">
      <title>Page not found | Parliamo</title>
      <VStack gap="5" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="green.700" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          We could not find the page you were looking for. It may have moved, or the address may be mistyped.
        </Text>
        <Button asChild colorPalette="green">
          <Link to="/">Back to the home page</Link>
        </Button>
      </VStack>
    </Container>
  );
}
