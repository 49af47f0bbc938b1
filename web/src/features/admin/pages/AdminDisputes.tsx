import { useState } from 'react';
import { Badge, Box, Button, Field, Flex, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceRecord, Dispute, DisputeStatus } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { invalidate } from '../../../lib/queries.ts';
import { adminChanges, adminQueries } from '../queries.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { dateLabel, hourLabel, instantLabel } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/settings.ts';
import { useT } from '../../../lib/i18n.tsx';
import { ReportLines } from '../../lessons/index.ts';

const STATUSES: DisputeStatus[] = ['open', 'waiting', 'decided'];

function Record({ label, record }: { label: string; record: AttendanceRecord }) {
  const t = useT();
  return (
    <Text fontSize="sm">
      {label}:{' '}
      {record.percent === null
        ? t('admin.disputes.recordFew', { lessons: record.lessons, held: record.heldAsBooked })
        : t('admin.disputes.record', { percent: record.percent, lessons: record.lessons })}
    </Text>
  );
}

/** The admin's decision on an open dispute: completed, refunded or split, with a reason. */
function Decision({ dispute }: { dispute: Dispute }) {
  const qc = useQueryClient();
  const t = useT();
  const [outcome, setOutcome] = useState<'completed' | 'refunded' | 'split'>('completed');
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async () => apiRequest('POST', `/api/admin/disputes/${encodeURIComponent(dispute.lessonId)}/decision`, { outcome, reason }),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('admin.disputes.decided.title'), description: t(`admin.disputes.outcome.${outcome}`) });
      await invalidate(qc, adminChanges.disputeDecided);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.disputes.failed')) }),
  });
  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        decide.mutate();
      }}
    >
      <Field.Root>
        <Field.Label>{t('admin.disputes.outcomeLabel')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
            {(['completed', 'refunded', 'split'] as const).map((o) => (
              <option key={o} value={o}>
                {t(`admin.disputes.outcome.${o}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required>
        <Field.Label>{t('admin.disputes.reason')}</Field.Label>
        <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} />
      </Field.Root>
      <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={decide.isPending} loadingText={t('admin.disputes.deciding')}>
        {t('admin.disputes.decide')}
      </Button>
    </Stack>
  );
}

function DisputeRow({ dispute }: { dispute: Dispute }) {
  const zone = useDisplayTimeZone();
  const t = useT();
  const d = dispute;
  return (
    <Box as="li" data-testid="dispute" borderWidth="1px" borderRadius="md" p="4">
      <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between">
        <Stack gap="1" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {dateLabel(d.date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })} · {hourLabel(d.hour)}
            </Text>
            <Badge colorPalette={d.status === 'open' ? 'orange' : d.status === 'waiting' ? 'gray' : 'blue'}>{t(`admin.disputes.status.${d.status}`)}</Badge>
          </HStack>
          <Text>{t('admin.disputes.parties', { teacher: d.teacherName, student: d.studentName })}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('admin.disputes.checkIns', {
              teacher: d.checkIns.teacher ? instantLabel(d.checkIns.teacher, zone) : t('admin.disputes.notCheckedIn'),
              student: d.checkIns.student ? instantLabel(d.checkIns.student, zone) : t('admin.disputes.notCheckedIn'),
            })}
          </Text>
          <ReportLines report={d.report} viewer="admin" />
          {d.status === 'waiting' && d.report.answerBy && (
            <Text fontSize="sm" color="fg.muted">
              {t('admin.disputes.answerBy', { when: instantLabel(d.report.answerBy, zone) })}
            </Text>
          )}
          {d.outcome && <Text fontWeight="medium">{t(`admin.disputes.outcome.${d.outcome.outcome}`)}</Text>}
          <Record label={t('admin.disputes.teacherRecord')} record={d.teacherAttendance} />
          <Record label={t('admin.disputes.studentRecord')} record={d.studentAttendance} />
        </Stack>
        {d.status === 'open' && (
          <Box flex="1" maxW={{ md: 'sm' }}>
            <Decision dispute={d} />
          </Box>
        )}
      </Flex>
    </Box>
  );
}

/** /admin/disputes: lessons whose report the rules did not settle; the school decides those that reached it. */
export default function AdminDisputes() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  const disputes = useQuery({ ...adminQueries.adminDisputes(status), select: (d) => d.disputes });
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.disputes.title')} subtitle={t('admin.disputes.subtitle')} />
      <HStack gap="2" role="group" aria-label={t('admin.disputes.which')} wrap="wrap">
        {STATUSES.map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'solid' : 'outline'} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`admin.disputes.filter.${s}`)}
          </Button>
        ))}
      </HStack>
      <QueryView query={disputes} isEmpty={(list) => list.length === 0} empty={t(`admin.disputes.empty.${status}`)}>
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t('admin.disputes.list')}>
            {list.map((d) => (
              <DisputeRow key={d.lessonId} dispute={d} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
