import { HStack, Text, Box } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** The logo pair: the school's crest and the Parliamo wordmark. */
export function LogoPair() {
  return (
    <HStack asChild gap="2.5" textDecoration="none" _hover={{ textDecoration: 'none' }}>
      <Link to="/" aria-label="Parliamo, home">
        <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#0b6e4f" />
          <rect x="8" y="16" width="16" height="32" fill="#fff" />
          <rect x="24" y="16" width="16" height="32" fill="#f4f1ea" />
          <rect x="40" y="16" width="16" height="32" fill="#c8102e" />
          <text x="32" y="42" textAnchor="middle" fontFamily="Georgia,serif" fontSize="26" fontWeight="700" fill="#0b2e24">
            P
          </text>
        </svg>
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
