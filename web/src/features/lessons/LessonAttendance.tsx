import { useState } from 'react';
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ABSENCE_AFTER_MINUTES, CHECK_IN_OPENS_MINUTES, lessonEnd } from '@parliamo/domain/rules';
import type { Booking } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { instantLabel } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import { useT } from '../../lib/i18n.tsx';
import { lessonChanges } from './queries.ts';

type Viewer = 'student' | 'teacher';
type Report = NonNullable<Booking['report']>;
const MINUTE = 60_000;

/** A lesson's reports and the answer, one line each (Lesson Details and the admin's dispute queue). */
export function ReportLines({ report, viewer }: { report: Report; viewer: Viewer | 'admin' }) {
  const t = useT();
  const who = (by: Viewer) => (by === viewer ? t('common.attendance.you') : t(`common.attendance.party.${by}`));
  return (
    <Stack gap="1">
      {report.reports.map((r) => (
        <Text key={r.by} fontSize="sm" data-testid="lesson-report">
          {t('common.attendance.reported', { who: who(r.by), kind: t(`common.attendance.kind.${r.kind}`), when: instantLabel(r.reportedAt) })}
          {r.text ? `: “${r.text}”` : ''}
        </Text>
      ))}
      {report.answer && (
        <Text fontSize="sm">
          {t('common.attendance.answered', { who: who(report.answer.by), when: instantLabel(report.answer.answeredAt) })}: “{report.answer.text}”
        </Text>
      )}
    </Stack>
  );
}

/** One attendance write (check-in, report, answer): the lesson lists and hours refresh after it. */
function useAttendanceWrite(booking: Booking, done: string) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body?: unknown }) =>
      (await (await apiRequest('POST', `/api/bookings/${booking.id}/${path}`, body)).json()) as Booking,
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t(done) });
      await invalidate(qc, lessonChanges.attendanceRecorded);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return sendToLogin(500);
      toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(error, t('common.attendance.failed')) });
    },
  });
}

/**
 * What happened at the lesson, in Lesson Details: "I'm here" from 10 minutes before the start to its
 * end; after 15 minutes the other party's absence (for one who checked in) or, after the end, a
 * report until the lesson completes; the other party's answer to a report that waits; the outcome.
 */
export function LessonAttendance({ booking, viewer, now }: { booking: Booking; viewer: Viewer; now: Date }) {
  const t = useT();
  const [text, setText] = useState('');
  const [describing, setDescribing] = useState(false);
  const write = useAttendanceWrite(booking, 'common.attendance.saved');
  if (booking.status === 'cancelled') return null;
  const start = new Date(booking.startsAt).getTime();
  const end = lessonEnd(new Date(booking.startsAt)).getTime();
  const at = now.getTime();
  const mine = booking.checkIns[viewer];
  const other: Viewer = viewer === 'student' ? 'teacher' : 'student';
  const open = booking.status === 'confirmed';
  const canCheckIn = open && !mine && at >= start - CHECK_IN_OPENS_MINUTES * MINUTE && at <= end;
  const reported = booking.report?.reports.some((r) => r.by === viewer) ?? false;
  const canReport = open && !reported && at >= start + ABSENCE_AFTER_MINUTES * MINUTE;
  const canMarkAbsent = canReport && (at >= end || !!mine);
  const first = booking.report?.reports[0];
  const canAnswer = open && !!first && first.by !== viewer && !!booking.report?.answerBy && !booking.report.answer && !reported && at < new Date(booking.report.answerBy).getTime();
  const id = `attendance-text-${booking.id}`;
  // Nothing happened yet and nothing can be done: Lesson Details stays as it was.
  const shown = canCheckIn || canReport || canAnswer || !!mine || !!booking.checkIns[other] || !!booking.report || !!booking.outcome;
  if (!shown) return null;
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3">
      <Text fontSize="sm" color="fg.muted">
        {t('common.attendance.title')}
      </Text>
      {mine && <Text fontSize="sm">{t('common.attendance.checkedIn', { when: instantLabel(mine) })}</Text>}
      {booking.checkIns[other] && <Text fontSize="sm">{t(`common.attendance.otherCheckedIn.${other}`, { when: instantLabel(booking.checkIns[other]!) })}</Text>}
      {canCheckIn && (
        <Button colorPalette="green" alignSelf="flex-start" loading={write.isPending} onClick={() => write.mutate({ path: 'check-in' })}>
          {t('common.attendance.imHere')}
        </Button>
      )}
      {booking.report && <ReportLines report={booking.report} viewer={viewer} />}
      {booking.outcome ? (
        <Text fontWeight="medium" data-testid="lesson-outcome">
          {t(`common.attendance.outcome.${booking.outcome.outcome}.${booking.outcome.rule}`)}
        </Text>
      ) : (
        booking.report?.answerBy && <Text fontSize="sm">{t('common.attendance.waiting', { when: instantLabel(booking.report.answerBy) })}</Text>
      )}
      {(canReport || canAnswer) && describing && (
        <Field.Root>
          <Field.Label htmlFor={id}>{t(canAnswer ? 'common.attendance.answerLabel' : 'common.attendance.describe')}</Field.Label>
          <Textarea id={id} rows={2} maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
        </Field.Root>
      )}
      <HStack gap="2" wrap="wrap">
        {canMarkAbsent && !describing && (
          <Button variant="outline" colorPalette="red" loading={write.isPending} onClick={() => write.mutate({ path: 'report', body: { kind: `${other}_absent` } })}>
            {t(`common.attendance.absent.${other}`)}
          </Button>
        )}
        {canReport && !canAnswer && (
          <Button
            variant="outline"
            loading={write.isPending && describing}
            onClick={() => (describing ? write.mutate({ path: 'report', body: { kind: 'technical', text } }) : setDescribing(true))}
          >
            {t(describing ? 'common.attendance.sendReport' : 'common.attendance.technical')}
          </Button>
        )}
        {canAnswer && (
          <Button
            variant="outline"
            loading={write.isPending && describing}
            onClick={() => (describing ? write.mutate({ path: 'report/answer', body: { text } }) : setDescribing(true))}
          >
            {t(describing ? 'common.attendance.sendAnswer' : 'common.attendance.answer')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
