import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export default function Landing() {
  return (
    <Box bg="green.50">
      <Container maxW="7xl" py={{ base: '14', md: '24' }}>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} maxW="3xl" lineHeight="1.1">
          Learn Italian with teachers from Rome
        </Heading>
        <Text mt="5" fontSize="lg" color="fg.muted" maxW="2xl">
          Our school has taught Italian in Rome since 1985. Choose your teacher, buy a package of lesson hours and book
          one-hour lessons online.
        </Text>
        <HStack mt="8" gap="3" wrap="wrap">
          <Button asChild size="lg" colorPalette="green">
            <Link to="/teachers">Find Your Italian Teacher</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/about-us">About Us</Link>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
