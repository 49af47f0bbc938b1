import { Alert, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lessonNotesSchema, MAX_TEACHER_NOTES, type LessonNotesBody } from '@parliamo/domain/contracts/lessons';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { instantLabel } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { toaster } from '../toaster.tsx';
import { sendToLogin } from './auth-guard.ts';
import type { Booking } from './types.ts';

const LABEL = 'Notes and homework';

function Updated({ at }: { at: string }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      Updated {instantLabel(at)} (Rome time)
    </Text>
  );
}

/** The teacher's form: the lesson's notes and homework, saved with PUT /api/bookings/:id/teacher-notes. */
function NotesForm({ booking }: { booking: Booking }) {
  const qc = useQueryClient();
  const form = useForm<z.input<typeof lessonNotesSchema>, unknown, LessonNotesBody>({
    resolver: contractResolver(lessonNotesSchema),
    defaultValues: { text: booking.teacherNotes?.text ?? '' },
  });
  const save = useMutation({
    mutationFn: async (body: LessonNotesBody) =>
      (await (await apiRequest('PUT', `/api/bookings/${booking.id}/teacher-notes`, body)).json()) as Booking,
    onSuccess: async (b) => {
      form.reset({ text: b.teacherNotes?.text ?? '' });
      toaster.create({ type: 'success', title: 'Notes saved', description: `${booking.studentName} can read them and gets them by email.` });
      await invalidate(qc, 'lessonNotesWritten');
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
    },
  });
  const length = (form.watch('text') ?? '').trim().length;
  const error = form.formState.errors.text?.message;
  const id = `lesson-notes-${booking.id}`;
  return (
    <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <Stack gap="2">
      <Field.Root invalid={!!error}>
        <Field.Label htmlFor={id}>{LABEL}</Field.Label>
        <Textarea
          id={id}
          rows={5}
          autoresize
          maxH="16rem"
          placeholder="What you worked on, and the homework for next time"
          {...form.register('text')}
        />
        <Field.HelperText aria-live="polite" color={length > MAX_TEACHER_NOTES ? 'red.700' : undefined}>
          {length} / {MAX_TEACHER_NOTES} characters. Your student can read them and gets them by email.
        </Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      {booking.teacherNotes && <Updated at={booking.teacherNotes.updatedAt} />}
      {save.error && !isUnauthorizedError(save.error) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(save.error, 'The notes could not be saved.')}</Alert.Description>
        </Alert.Root>
      )}
      <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText="Saving..." disabled={!form.formState.isDirty}>
        Save notes
      </Button>
      </Stack>
    </form>
  );
}

/**
 * The teacher's notes and homework in Lesson Details: the lesson's teacher writes them from its start
 * on (not on a cancelled lesson); the student reads them, or "No notes yet" once the lesson has begun.
 */
export function LessonNotes({ booking, viewer, now }: { booking: Booking; viewer: 'student' | 'teacher'; now: Date }) {
  if (booking.status === 'cancelled') return null;
  const started = now.getTime() >= new Date(booking.startsAt).getTime();
  if (viewer === 'teacher') {
    if (started) return <NotesForm key={booking.id} booking={booking} />;
    return (
      <Stack gap="0">
        <Text fontSize="sm" color="fg.muted">
          {LABEL}
        </Text>
        <Text>You can write notes and homework once the lesson has started.</Text>
      </Stack>
    );
  }
  if (!booking.teacherNotes && !started) return null;
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {LABEL}
      </Text>
      {booking.teacherNotes ? (
        <>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" maxH="16rem" overflowY="auto">
            {booking.teacherNotes.text}
          </Text>
          <Updated at={booking.teacherNotes.updatedAt} />
        </>
      ) : (
        <Text>No notes yet</Text>
      )}
    </Stack>
  );
}
