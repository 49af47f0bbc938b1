import { Alert, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lessonNotesSchema, MAX_TEACHER_NOTES, type LessonNotesBody } from '@parliamo/domain/contracts/lessons';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { instantLabel } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { lessonChanges } from './queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import type { Booking } from '@parliamo/domain/contracts';
import { useT } from '../../lib/i18n.tsx';

function Updated({ at }: { at: string }) {
  const t = useT();
  return (
    <Text fontSize="xs" color="fg.muted">
      {t('teacher.notes.updated', { when: instantLabel(at) })}
    </Text>
  );
}

/** The teacher's form: the lesson's notes and homework, saved with PUT /api/bookings/:id/teacher-notes. */
function NotesForm({ booking }: { booking: Booking }) {
  const qc = useQueryClient();
  const t = useT();
  const form = useForm<z.input<typeof lessonNotesSchema>, unknown, LessonNotesBody>({
    resolver: contractResolver(lessonNotesSchema),
    defaultValues: { text: booking.teacherNotes?.text ?? '' },
  });
  const save = useMutation({
    mutationFn: async (body: LessonNotesBody) =>
      (await (await apiRequest('PUT', `/api/bookings/${booking.id}/teacher-notes`, body)).json()) as Booking,
    onSuccess: async (b) => {
      form.reset({ text: b.teacherNotes?.text ?? '' });
      toaster.create({ type: 'success', title: t('teacher.notes.saved.title'), description: t('teacher.notes.saved.text', { student: booking.studentName }) });
      await invalidate(qc, lessonChanges.lessonNotesWritten);
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
        <Field.Label htmlFor={id}>{t('teacher.notes.label')}</Field.Label>
        <Textarea
          id={id}
          rows={5}
          autoresize
          maxH="16rem"
          placeholder={t('teacher.notes.placeholder')}
          {...form.register('text')}
        />
        <Field.HelperText aria-live="polite" color={length > MAX_TEACHER_NOTES ? 'red.700' : undefined}>
          {t('teacher.notes.help', { length: String(length), max: String(MAX_TEACHER_NOTES) })}
        </Field.HelperText>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      {booking.teacherNotes && <Updated at={booking.teacherNotes.updatedAt} />}
      {save.error && !isUnauthorizedError(save.error) && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(save.error, t('teacher.notes.failed'))}</Alert.Description>
        </Alert.Root>
      )}
      <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText={t('teacher.notes.saving')} disabled={!form.formState.isDirty}>
        {t('teacher.notes.save')}
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
  const t = useT();
  if (booking.status === 'cancelled') return null;
  const started = now.getTime() >= new Date(booking.startsAt).getTime();
  if (viewer === 'teacher') {
    if (started) return <NotesForm key={booking.id} booking={booking} />;
    return (
      <Stack gap="0">
        <Text fontSize="sm" color="fg.muted">
          {t('teacher.notes.label')}
        </Text>
        <Text>{t('teacher.notes.notYet')}</Text>
      </Stack>
    );
  }
  if (!booking.teacherNotes && !started) return null;
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {t('teacher.notes.label')}
      </Text>
      {booking.teacherNotes ? (
        <>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" maxH="16rem" overflowY="auto">
            {booking.teacherNotes.text}
          </Text>
          <Updated at={booking.teacherNotes.updatedAt} />
        </>
      ) : (
        <Text>{t('student.lessonDetails.noTeacherNotes')}</Text>
      )}
    </Stack>
  );
}
