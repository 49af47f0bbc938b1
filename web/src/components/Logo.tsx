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
          {/* On a narrow header (a signed-in user's menu beside it) the line breaks between its two
              phrases, never inside one ("dal" and "1985" apart). */}
          <Text fontSize="2xs" color="fg.muted" letterSpacing="wider" textTransform="uppercase">
            <span style={{ whiteSpace: 'nowrap' }}>Scuola di Roma ·</span> <span style={{ whiteSpace: 'nowrap' }}>dal 1985</span>
          </Text>
        </Box>
      </Link>
    </HStack>
  );
}
