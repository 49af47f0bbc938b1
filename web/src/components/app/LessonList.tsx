import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { dateLabel, hourLabel } from '../../lib/format.ts';
import type { Booking } from './types.ts';

const LessonDetailsDialog = lazy(() => import('./LessonDetailsDialog.tsx'));

const statusPalette: Record<string, string> = { confirmed: 'green', completed: 'blue', cancelled: 'gray' };

/** Lessons as buttons that open Lesson Details; `viewer` decides whose name shows. */
export function LessonList({ bookings, viewer }: { bookings: Booking[]; viewer: 'student' | 'teacher' }) {
  const [selected, setSelected] = useState<Booking | null>(null);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="2">
        {bookings.map((b) => {
          const who = viewer === 'student' ? b.teacherName : b.studentName;
          return (
            <li key={b.id}>
              <Button
                variant="outline"
                colorPalette="gray"
                width="full"
                height="auto"
                py="3"
                px="4"
                justifyContent="space-between"
                textAlign="left"
                onClick={() => {
                  setUsed(true);
                  setSelected(b);
                }}
              >
                <Box minW="0">
                  <Text fontWeight="semibold" color="green.800" truncate>
                    <VisuallyHidden>Lesson with </VisuallyHidden>
                    {who}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {dateLabel(b.date)} · {hourLabel(b.hour)}
                  </Text>
                </Box>
                <Flex>
                  <Badge colorPalette={statusPalette[b.status] ?? 'gray'}>{b.status}</Badge>
                </Flex>
              </Button>
            </li>
          );
        })}
      </Stack>
      {used && (
        <Suspense fallback={null}>
          <LessonDetailsDialog booking={selected} viewer={viewer} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}
