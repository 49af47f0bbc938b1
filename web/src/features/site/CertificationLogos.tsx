import { useState } from 'react';
import { Flex } from '@chakra-ui/react';
import type { Certification } from './content/landing.ts';

/** Certification and accreditation logos; a logo that fails to load is hidden. */
export function CertificationLogos({ items }: { items: Certification[] }) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  return (
    <Flex as="ul" listStyleType="none" wrap="wrap" justify="center" align="center" gap={{ base: '6', md: '10' }}>
      {items
        .filter((c) => !failed.has(c.id))
        .map((c) => (
          <li key={c.id}>
            <img
              src={c.logo}
              alt={c.name}
              width={220}
              height={72}
              loading="lazy"
              style={{ height: 72, width: 'auto', maxWidth: '100%' }}
              onError={() => setFailed((s) => new Set(s).add(c.id))}
            />
          </li>
        ))}
    </Flex>
  );
}
