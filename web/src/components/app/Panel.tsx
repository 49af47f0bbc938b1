import type { ReactNode } from 'react';
import { Card, Heading, HStack, Text } from '@chakra-ui/react';

/** A titled card section of a screen; `label` names the region when the title alone is not unique on the page. */
export function Panel({ title, label, actions, children }: { title: string; label?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={label ?? title} variant="outline">
      <Card.Header pb="2" px={{ base: '4', md: '6' }} pt={{ base: '4', md: '6' }}>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }} pb={{ base: '4', md: '6' }}>{children}</Card.Body>
    </Card.Root>
  );
}

/** One number with its label (dashboard stat cards). */
export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body p="4" gap="1">
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" lineHeight="short">
          {value}
        </Text>
        {help && (
          <Text color="fg.muted" fontSize="xs">
            {help}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
