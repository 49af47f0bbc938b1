import { useEffect, useRef, useState } from 'react';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleBody } from '@parliamo/domain/contracts/lessons';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { hourLabel, hoursCount, sentence } from '../../lib/format.ts';
import { canReschedule, type Viewer } from '../../lib/lessons.ts';
import { invalidate } from '../../lib/queries.ts';
import { useSiteConfig } from '../../lib/site.ts';
import { toaster } from '../toaster.tsx';
import { AppDialog } from './AppDialog.tsx';
import { sendToLogin } from './auth-guard.ts';
import { BookingCalendar } from './BookingCalendar.tsx';
import { longDate } from './BookingConfirmation.tsx';
import type { Booking, Slot } from './types.ts';

const when = (s: Slot) => `${longDate(s.date)} at ${hourLabel(s.hour)}`;

/** The question asked once a new slot is picked: move there, or keep the lesson where it is. */
function ConfirmMove({ booking, viewer, slot, onKeep, onMoved }: { booking: Booking; viewer: Viewer; slot: Slot; onKeep: () => void; onMoved: (b: Booking) => void }) {
  const qc = useQueryClient();
  const move = useMutation({
    mutationFn: async (body: RescheduleBody) =>
      (await (await apiRequest('POST', `/api/bookings/${booking.id}/reschedule`, body)).json()) as Booking,
    onSuccess: async (b) => {
      toaster.create({ type: 'success', title: 'Lesson rescheduled', description: sentence(`now ${when(b)} Rome time; both of you get an email`) });
      await invalidate(qc, 'lessonRescheduled');
      onMoved(b);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
      else void invalidate(qc, 'bookingRefused');
    },
  });
  // Keyboard users land on the question's safe answer.
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Text fontWeight="semibold" role="alert">
        Move the lesson from {when(booking)} to {when(slot)} (Rome time)?
      </Text>
      <Text fontSize="sm" color="fg.muted">
        The hour stays as it is; you and {viewer === 'student' ? booking.teacherName : booking.studentName} get an email with the new time.
      </Text>
      {move.error && !isUnauthorizedError(move.error) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(move.error, 'The lesson could not be moved.')}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button ref={keep} variant="outline" onClick={onKeep} disabled={move.isPending}>
          Keep the current time
        </Button>
        <Button colorPalette="green" loading={move.isPending} loadingText="Moving..." onClick={() => move.mutate({ date: slot.date, hour: slot.hour })}>
          Move the lesson
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * "Reschedule" in Lesson Details: the week calendar of the lesson's teacher (BookingCalendar); a picked
 * slot asks to confirm, then the lesson moves (the hour is untouched). Shown only when the API allows
 * it: a student at least the lesson's notice ahead, a teacher until the lesson starts. `disabled` while
 * Lesson Details asks about cancelling (the button stays in place: the dialog does not jump).
 */
export function RescheduleLesson({
  booking,
  viewer,
  now,
  onMoved,
  disabled = false,
}: {
  booking: Booking;
  viewer: Viewer;
  now: Date;
  onMoved: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { noticeHours } = useSiteConfig();
  if (!canReschedule(booking, viewer, now)) return null;
  const intro = (
    <Text color="fg.muted" fontSize="sm">
      Now: {when(booking)} (Rome time).{' '}
      {viewer === 'student'
        ? `Pick a free slot of ${booking.teacherName} at least ${hoursCount(noticeHours)} ahead; times are Rome time.`
        : `Pick one of your free slots from the next hour on (Rome time): unlike students, you need not book ${hoursCount(noticeHours)} ahead. ${booking.studentName} is told by email.`}{' '}
      The hour stays as it is.
    </Text>
  );
  return (
    <>
      <Button variant="outline" colorPalette="green" alignSelf="flex-start" disabled={disabled} onClick={() => setOpen(true)}>
        Reschedule
      </Button>
      <AppDialog open={open} onOpenChange={setOpen} title="Reschedule the lesson" size="lg">
        {open && (
          <BookingCalendar
            teacherId={booking.teacherId}
            teacherName={booking.teacherName}
            intro={intro}
            ownSlots={viewer === 'teacher'}
            confirm={(slot, clear) => (
              <ConfirmMove
                key={`${slot.date}/${slot.hour}`}
                booking={booking}
                viewer={viewer}
                slot={slot}
                onKeep={clear}
                onMoved={() => {
                  setOpen(false);
                  onMoved();
                }}
              />
            )}
          />
        )}
      </AppDialog>
    </>
  );
}
