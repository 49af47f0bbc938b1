import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { dateLabel, hourLabel, localTimeIfDifferent, zoneName } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import type { Booking } from '@parliamo/domain/contracts';
import { useT } from '../../lib/i18n.tsx';

const LessonDetailsDialog = lazy(() => import('./LessonDetailsDialog.tsx'));

const statusPalette: Record<string, string> = { confirmed: 'green', completed: 'blue', cancelled: 'gray' };

/** " (Mon 09:00 New York)" when the person reads times in another zone and the lesson's time differs there. */
function localIn(b: Pick<Booking, 'date' | 'hour'>, zone: string): string {
  const local = localTimeIfDifferent(b.date, b.hour, zone);
  return local ? ` (${local} ${zoneName(zone)})` : '';
}

/** Lessons as buttons that open Lesson Details; `viewer` decides whose name shows; `openId`: the lesson whose details open at once. */
export function LessonList({ bookings, viewer, openId }: { bookings: Booking[]; viewer: 'student' | 'teacher'; openId?: string }) {
  // The open lesson is followed by id, so its details show what the list was fetched again with (notes just saved).
  const [selectedId, setSelectedId] = useState<string | null>(() => (bookings.some((b) => b.id === openId) ? openId! : null));
  const selected = bookings.find((b) => b.id === selectedId) ?? null;
  const zone = useDisplayTimeZone();
  const t = useT();
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
                  setSelectedId(b.id);
                }}
              >
                <Box minW="0">
                  <Text fontWeight="semibold" color="green.800" truncate>
                    <VisuallyHidden>{t('common.lesson.with')} </VisuallyHidden>
                    {who}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" whiteSpace="normal">
                    {t('common.lesson.when', { date: dateLabel(b.date), time: hourLabel(b.hour) })}
                    {localIn(b, zone)}
                  </Text>
                </Box>
                <Flex>
                  <Badge colorPalette={statusPalette[b.status] ?? 'gray'}>{t(`common.lesson.status.${b.status}`)}</Badge>
                </Flex>
              </Button>
            </li>
          );
        })}
      </Stack>
      {/* Mounted only while a lesson is open (overlays have no exit animation to wait for: theme.ts). */}
      {selected && (
        <Suspense fallback={null}>
          <LessonDetailsDialog booking={selected} viewer={viewer} onClose={() => setSelectedId(null)} />
        </Suspense>
      )}
    </>
  );
}
