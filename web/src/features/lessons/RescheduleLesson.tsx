import { useEffect, useRef, useState } from 'react';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RescheduleBody } from '@parliamo/domain/contracts/lessons';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { hourLabel, hoursCount, sentence } from '../../lib/format.ts';
import { canReschedule, type Viewer } from './lessons.ts';
import { invalidate } from '../../lib/queries.ts';
import { lessonChanges } from './queries.ts';
import { useSiteConfig } from '../../lib/site.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import { BookingCalendar } from './BookingCalendar.tsx';
import { longDate } from './BookingConfirmation.tsx';
import type { Booking, Slot } from '@parliamo/domain/contracts';
import { useT } from '../../lib/i18n.tsx';
import { t as translate } from '../../lib/i18n-store.ts';

const when = (s: Slot) => translate('student.reschedule.when', { date: longDate(s.date), time: hourLabel(s.hour) });

/** The question asked once a new slot is picked: move there, or keep the lesson where it is. */
function ConfirmMove({ booking, viewer, slot, onKeep, onMoved }: { booking: Booking; viewer: Viewer; slot: Slot; onKeep: () => void; onMoved: (b: Booking) => void }) {
  const qc = useQueryClient();
  const t = useT();
  const move = useMutation({
    mutationFn: async (body: RescheduleBody) =>
      (await (await apiRequest('POST', `/api/bookings/${booking.id}/reschedule`, body)).json()) as Booking,
    onSuccess: async (b) => {
      toaster.create({ type: 'success', title: t('student.reschedule.done.title'), description: sentence(t('student.reschedule.done.text', { when: when(b) })) });
      await invalidate(qc, lessonChanges.lessonRescheduled);
      onMoved(b);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
      else void invalidate(qc, lessonChanges.bookingRefused);
    },
  });
  // Keyboard users land on the question's safe answer.
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Text fontWeight="semibold" role="alert">
        {t('student.reschedule.question', { from: when(booking), to: when(slot) })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('student.reschedule.questionText', { other: viewer === 'student' ? booking.teacherName : booking.studentName })}
      </Text>
      {move.error && !isUnauthorizedError(move.error) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(move.error, t('student.reschedule.failed'))}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button ref={keep} variant="outline" onClick={onKeep} disabled={move.isPending}>
          {t('student.reschedule.keep')}
        </Button>
        <Button colorPalette="green" loading={move.isPending} loadingText={t('student.reschedule.moving')} onClick={() => move.mutate({ date: slot.date, hour: slot.hour })}>
          {t('student.reschedule.move')}
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
  const t = useT();
  if (!canReschedule(booking, viewer, now)) return null;
  const intro = (
    <Text color="fg.muted" fontSize="sm">
      {viewer === 'student'
        ? t('student.reschedule.introStudent', { when: when(booking), teacher: booking.teacherName, notice: hoursCount(noticeHours) })
        : t('teacher.reschedule.intro', { when: when(booking), student: booking.studentName, notice: hoursCount(noticeHours) })}
    </Text>
  );
  return (
    <>
      <Button variant="outline" colorPalette="green" alignSelf="flex-start" disabled={disabled} onClick={() => setOpen(true)}>
        {t('student.reschedule.button')}
      </Button>
      <AppDialog open={open} onOpenChange={setOpen} title={t('student.reschedule.title')} size="lg">
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
