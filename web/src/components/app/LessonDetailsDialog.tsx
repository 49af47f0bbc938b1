import { Badge, Button, CloseButton, Dialog, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LESSON_COMPLETED_MESSAGE, TOO_LATE_TO_CANCEL_MESSAGE } from '@parliamo/domain/rules';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { toaster } from '../toaster.tsx';
import { sendToLogin } from './auth-guard.ts';
import { dateLabel, hourLabel } from '../../lib/format.ts';
import { canCancel } from '../../lib/lessons.ts';
import type { Booking } from './types.ts';
import { invalidate } from '../../lib/queries.ts';

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

/** Lesson Details: teacher (or student), date, hour as HH:00, notes, meeting link, cancel (spec "Screens and routes", "States and transitions" and "Error catalogue"). */
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
  const cancel = useMutation({
    mutationFn: async (id: string) => (await apiRequest('DELETE', `/api/bookings/${id}`)).json(),
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: 'Lesson Cancelled',
        description: 'Your lesson has been cancelled successfully and your hour has been refunded.',
      });
      await invalidate(qc, 'lessonCancelled');
      onClose();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return sendToLogin(500);
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(error, 'Failed to cancel lesson.') });
    },
  });

  const cancellable = booking ? canCancel(booking.status, booking.startsAt, new Date()) : false;
  return (
    <Dialog.Root open={!!booking} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Lesson Details</Dialog.Title>
            </Dialog.Header>
            {booking && (
              <Dialog.Body>
                <Stack gap="3">
                  {viewer === 'student' ? <Row label="Teacher">{booking.teacherName}</Row> : <Row label="Student">{booking.studentName}</Row>}
                  <Row label="Date">{dateLabel(booking.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Row>
                  <Row label="Time">
                    {hourLabel(booking.hour)} (Rome time, 60 minutes)
                  </Row>
                  <Row label="Status">
                    <Badge colorPalette={booking.status === 'confirmed' ? 'green' : booking.status === 'completed' ? 'blue' : 'gray'}>
                      {booking.status}
                    </Badge>
                  </Row>
                  <Row label="Notes">{booking.notes || 'No notes'}</Row>
                  <Row label="Meeting link">
                    {booking.googleMeetLink ? (
                      <Link href={booking.googleMeetLink} target="_blank" rel="noreferrer" color="green.700" wordBreak="break-all">
                        {booking.googleMeetLink}
                      </Link>
                    ) : (
                      'The meeting link will appear here.'
                    )}
                  </Row>
                  {!cancellable && booking.status !== 'cancelled' && (
                    <Text color="fg.muted" fontWeight="medium">
                      {booking.status === 'completed' ? LESSON_COMPLETED_MESSAGE : TOO_LATE_TO_CANCEL_MESSAGE}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              {booking && cancellable && (
                <Button colorPalette="red" loading={cancel.isPending} loadingText="Cancelling..." onClick={() => cancel.mutate(booking.id)}>
                  Cancel Lesson
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
