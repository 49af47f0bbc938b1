import { useEffect, useRef, useState } from 'react';
import { Badge, Button, CloseButton, Dialog, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tooLateToCancel } from '@parliamo/domain/rules';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import { dateLabel, hourLabel, localTimeIfDifferent, zoneName } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { canCancel, cancelledByLabel } from './lessons.ts';
import { useT } from '../../lib/i18n.tsx';
import { refusalText } from '../../lib/i18n-store.ts';
import { MessageButton } from '../messages/index.ts';
import type { Booking } from '@parliamo/domain/contracts';
import { invalidate } from '../../lib/queries.ts';
import { lessonChanges } from './queries.ts';
import { LessonNotes } from './LessonNotes.tsx';
import { LessonReview } from '../reviews/index.ts';
import { RescheduleLesson } from './RescheduleLesson.tsx';
import { LessonAttendance } from './LessonAttendance.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="div">{children}</Text>
    </Stack>
  );
}

/** What the cancel button, its confirmation and the success toast say to each viewer: catalog keys. */
const cancelTexts = {
  student: {
    button: 'student.lessonDetails.cancel.button',
    question: 'student.lessonDetails.cancel.question',
    toast: 'student.lessonDetails.cancel.toast',
  },
  teacher: {
    button: 'teacher.lessonDetails.cancel.button',
    question: 'teacher.lessonDetails.cancel.question',
    toast: 'teacher.lessonDetails.cancel.toast',
  },
} as const;

/**
 * Lesson Details: teacher (or student), date, hour as HH:00, notes, meeting link, the teacher's notes and
 * homework (LessonNotes.tsx), cancel after a confirmation. Students cancel at least 48 hours
 * ahead; teachers may cancel any confirmed lesson, as the API allows.
 */
export default function LessonDetailsDialog({
  booking,
  viewer,
  onClose,
}: {
  booking: Booking | null;
  viewer: 'student' | 'teacher';
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const zone = useDisplayTimeZone();
  const texts = cancelTexts[viewer];
  const t = useT();
  // The confirmation step belongs to one lesson: opening another starts without it.
  const [confirming, setConfirming] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: async (id: string) => (await apiRequest('DELETE', `/api/bookings/${id}`)).json(),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('student.lessonDetails.cancel.toastTitle'), description: t(texts.toast) });
      await invalidate(qc, lessonChanges.lessonCancelled);
      onClose();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return sendToLogin(500);
      toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(error, t('student.lessonDetails.cancel.failed')) });
    },
  });

  const now = new Date();
  const cancellable = booking ? canCancel(booking, viewer, now) : false;
  const asking = !!booking && cancellable && confirming === booking.id;
  // Keyboard users land on the safe choice when asked, and back on the cancel button when they back out.
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (wasAsking.current && booking) cancelRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, booking]);
  const cancelledBy = booking?.status === 'cancelled' ? cancelledByLabel(booking.cancelledBy, viewer) : null;
  return (
    <Dialog.Root
      open={!!booking}
      onOpenChange={(e) => !e.open && onClose()}
      // Escape on the confirmation backs out to the details instead of closing them.
      onEscapeKeyDown={(e) => {
        if (!asking) return;
        e.preventDefault();
        setConfirming(null);
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('student.lessonDetails.title')}</Dialog.Title>
            </Dialog.Header>
            {booking && (
              <Dialog.Body>
                <Stack gap="3">
                  {viewer === 'student' ? (
                    <Row label={t('student.lessonDetails.teacher')}>{booking.teacherName}</Row>
                  ) : (
                    <Row label={t('student.lessonDetails.student')}>{booking.studentName}</Row>
                  )}
                  <MessageButton {...(viewer === 'student' ? { teacherId: booking.teacherId } : { studentId: booking.studentId })} />
                  <Row label={t('student.lessonDetails.date')}>{dateLabel(booking.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Row>
                  <Row label={t('student.lessonDetails.time')}>
                    {t('student.lessonDetails.timeValue', { time: hourLabel(booking.hour) })}
                    {localTimeIfDifferent(booking.date, booking.hour, zone) &&
                      ` · ${t('student.lessonDetails.localTime', { time: localTimeIfDifferent(booking.date, booking.hour, zone) ?? '', zone: zoneName(zone) })}`}
                  </Row>
                  <Row label={t('student.lessonDetails.status')}>
                    <Badge colorPalette={booking.status === 'confirmed' ? 'green' : booking.status === 'completed' ? 'blue' : booking.status === 'refunded' ? 'orange' : 'gray'}>
                      {t(`common.lesson.status.${booking.status}`)}
                    </Badge>
                    {cancelledBy && (
                      <Text as="span" ms="2" color="fg.muted">
                        {cancelledBy}
                      </Text>
                    )}
                  </Row>
                  <Row label={t('student.lessonDetails.notes')}>{booking.notes || t('student.lessonDetails.noNotes')}</Row>
                  {booking.status !== 'cancelled' && (
                    <Row label={t('student.lessonDetails.meetingLink')}>
                      {booking.googleMeetLink ? (
                        <Link href={booking.googleMeetLink} target="_blank" rel="noreferrer" color="green.700" wordBreak="break-all">
                          {booking.googleMeetLink}
                        </Link>
                      ) : (
                        t('student.lessonDetails.meetingLinkLater')
                      )}
                    </Row>
                  )}
                  <LessonAttendance booking={booking} viewer={viewer} now={now} />
                  <LessonNotes booking={booking} viewer={viewer} now={now} />
                  <LessonReview booking={booking} viewer={viewer} now={now} />
                  <RescheduleLesson booking={booking} viewer={viewer} now={now} onMoved={onClose} disabled={asking} />
                  {!cancellable && booking.status !== 'cancelled' && booking.status !== 'refunded' && (
                    <Text color="fg.muted" fontWeight="medium">
                      {refusalText(booking.status === 'completed' ? { code: 'lessons.completed' } : tooLateToCancel(booking.noticeHours))}
                    </Text>
                  )}
                  {asking && (
                    <Text role="alert" fontWeight="semibold" color="red.700">
                      {t(texts.question)}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
            )}
            {/* On a phone the buttons stack full width: the teacher's cancel label is long. */}
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }}>
              {asking ? (
                <>
                  <Button ref={keepRef} variant="outline" onClick={() => setConfirming(null)} disabled={cancel.isPending}>
                    {t('student.lessonDetails.cancel.keep')}
                  </Button>
                  <Button colorPalette="red" loading={cancel.isPending} loadingText={t('student.lessonDetails.cancel.cancelling')} onClick={() => cancel.mutate(booking.id)}>
                    {t('student.lessonDetails.cancel.yes')}
                  </Button>
                </>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{t('common.app.close')}</Button>
                  </Dialog.ActionTrigger>
                  {booking && cancellable && (
                    <Button ref={cancelRef} colorPalette="red" whiteSpace="normal" height="auto" minH="10" py="2" maxW="full" onClick={() => setConfirming(booking.id)}>
                      {t(texts.button)}
                    </Button>
                  )}
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
