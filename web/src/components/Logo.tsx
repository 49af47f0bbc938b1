import { HStack, Text, Box } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** The logo pair: the school's crest and the Parliamo wordmark. */
export function LogoPair() {
  return (
    <HStack asChild gap="2.5" textDecoration="none" _hover={{ textDecoration: 'none' }}>
      <Link to="/">
        <img src="/favicon.svg" width={36} height={36} alt="" />
        <Box lineHeight="1.1">
          <Text fontFamily="heading" fontWeight="bold" fontSize="xl" color="green.800">
            Parliamo
          </Text>
          <Text fontSize="2xs" color="fg.muted" letterSpacing="wider" textTransform="uppercase">
            Scuola di Roma · dal 1985
          </Text>
        </Box>
      </Link>
    </HStack>
  );
}
