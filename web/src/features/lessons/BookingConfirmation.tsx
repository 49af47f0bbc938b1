import { Alert, Button, Field, Stack, Text, Textarea, type StackProps } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { bookingSchema, MAX_NOTES, type BookingBody } from '@parliamo/domain/contracts/lessons';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { toastInvalid } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import { dateLabel, hourLabel, sentence } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { lessonChanges } from './queries.ts';
import type { Booking, Slot } from '@parliamo/domain/contracts';
import { useT } from '../../lib/i18n.tsx';

type BookingInput = z.input<typeof bookingSchema>;

/** "Monday 30 November", as the booking screens name a day. */
export const longDate = (date: string) => dateLabel(date, { weekday: 'long', day: 'numeric', month: 'long' });

/**
 * The booking confirmation of one chosen slot: when and with whom, notes for the teacher, Confirm
 * Booking. Used by the booking calendar and by the free lessons of a teacher's public profile.
 */
export function BookingConfirmation({
  teacherId,
  teacherName,
  chosen: slot,
  onBooked,
  ...frame
}: { teacherId: string; teacherName: string; chosen: Slot; onBooked?: (b: Booking) => void } & StackProps) {
  const form = useForm<BookingInput, unknown, BookingBody>({
    resolver: contractResolver(bookingSchema),
    defaultValues: { teacherId, date: slot.date, hour: slot.hour, notes: '' },
  });
  const qc = useQueryClient();
  const t = useT();
  const book = useMutation({
    mutationFn: async (body: BookingBody) => (await (await apiRequest('POST', '/api/bookings', body)).json()) as Booking,
    onSuccess: async (b) => {
      toaster.create({
        type: 'success',
        title: t('student.booking.booked.title'),
        description: sentence(t('student.booking.booked.text', { date: dateLabel(b.date), time: hourLabel(b.hour), teacher: teacherName })),
      });
      await invalidate(qc, lessonChanges.lessonBooked);
      onBooked?.(b);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
      else void invalidate(qc, lessonChanges.bookingRefused);
    },
  });

  return (
    <Stack gap="3" {...frame}>
      <Text fontWeight="semibold">
        {t('student.booking.chosen', { date: longDate(slot.date), time: hourLabel(slot.hour), teacher: teacherName })}
      </Text>
      <Field.Root>
        <Field.Label>{t('student.booking.notes.label')}</Field.Label>
        <Textarea maxLength={MAX_NOTES} {...form.register('notes')} placeholder={t('student.booking.notes.placeholder')} />
      </Field.Root>
      {book.error && !isUnauthorizedError(book.error) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(book.error, t('student.booking.failed'))}</Alert.Description>
        </Alert.Root>
      )}
      <Button
        colorPalette="green"
        alignSelf="flex-start"
        loading={book.isPending}
        loadingText={t('student.booking.booking')}
        onClick={form.handleSubmit(
          ({ notes, ...lesson }) => book.mutate({ ...lesson, ...(notes?.trim() ? { notes: notes.trim() } : {}) }),
          (invalid) => toastInvalid(invalid, { title: t('common.error'), description: t('student.booking.chooseSlot') }),
        )}
      >
        {t('student.booking.confirm')}
      </Button>
    </Stack>
  );
}
