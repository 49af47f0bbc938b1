import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Code, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { AdjustmentBody } from '@parliamo/domain/contracts/packages';
import { adjustmentFormSchema, type AdjustmentFormInput as AdjustmentFields } from '@parliamo/domain/contracts/forms';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { hoursCount, instantLabel } from '../../../lib/format.ts';
import { fieldError } from '../../../components/form-errors.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { useDisplayTimeZone } from '../../../lib/settings.ts';
import { MONO } from '../../../theme.ts';
import { invalidate } from '../../../lib/queries.ts';
import type { LedgerEntry } from '@parliamo/domain/contracts';
import { adminChanges, adminQueries } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';

/** One ledger event as the admin ledger browser lists it; `position` ("commit:prepare") is the cursor for older pages. */
type LedgerEvent = LedgerEntry;

function EventItem({ e, onAdjust }: { e: LedgerEvent; onAdjust: (packageId: string) => void }) {
  const packageId = typeof e.data.packageId === 'string' ? e.data.packageId : null;
  const zone = useDisplayTimeZone();
  const t = useT();
  return (
    <Box as="li" borderBottomWidth="1px" py="2" px="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{e.type}</Text>
        <Text fontSize="sm" color="fg.muted">
          {instantLabel(e.recordedAt, zone)}
        </Text>
      </HStack>
      <Text fontSize="xs" color="fg.muted" fontFamily={MONO} overflowWrap="anywhere">
        {t('admin.ledger.event.where', { stream: e.stream, revision: e.revision, position: e.position })}
      </Text>
      {packageId && (
        <Button size="xs" variant="ghost" px="1" onClick={() => onAdjust(packageId)}>
          {t('admin.ledger.event.adjust')}
        </Button>
      )}
      <details>
        <summary style={{ cursor: 'pointer', fontSize: '0.875rem' }}>{t('admin.ledger.event.data')}</summary>
        <Code fontFamily={MONO} variant="outline" colorPalette="gray" fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere" display="block" mt="1" p="2">
          {JSON.stringify(e.data, null, 1)}
        </Code>
      </details>
    </Box>
  );
}

/** An admin correction of a package's hours, with a reason (POST /api/admin/adjustments). */
function AdjustmentForm({ pick, inputRef }: { pick: { packageId: string }; inputRef: RefObject<HTMLInputElement | null> }) {
  const { packageId } = pick;
  const qc = useQueryClient();
  const t = useT();
  const form = useForm<AdjustmentFields, unknown, AdjustmentBody>({
    resolver: contractResolver(adjustmentFormSchema),
    mode: 'onChange',
    defaultValues: { packageId, delta: '', reason: '' },
  });
  // "Adjust" on an event fills in its package.
  useEffect(() => form.setValue('packageId', packageId, { shouldValidate: packageId !== '' }), [form, pick, packageId]);
  const { errors, isValid, touchedFields } = form.formState;
  const shown = (name: keyof AdjustmentFields) => fieldError(touchedFields[name] ? errors[name] : undefined);
  const adjust = useMutation({
    mutationFn: async (body: AdjustmentBody) => apiRequest('POST', '/api/admin/adjustments', body),
    onSuccess: async (_res, { delta: n }) => {
      toaster.create({ type: 'success', title: t('admin.ledger.adjusted.title'), description: t('admin.ledger.adjusted.description', { hours: hoursCount(n, { signed: true }) }) });
      form.reset({ packageId: form.getValues('packageId'), delta: '', reason: '' });
      await invalidate(qc, adminChanges.hoursAdjusted);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.ledger.adjustFailed')) }),
  });
  const packageField = form.register('packageId');
  const errorText = (f: ReturnType<typeof shown>) => f.error && <Field.ErrorText>{f.error}</Field.ErrorText>;
  return (
    <form aria-label={t('admin.ledger.adjust.title')} onSubmit={form.handleSubmit((body) => adjust.mutate(body))}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required invalid={shown('packageId').invalid}>
            <Field.Label>{t('admin.ledger.adjust.packageId')}</Field.Label>
            <Input
              {...packageField}
              ref={(el) => {
                packageField.ref(el);
                inputRef.current = el;
              }}
              fontFamily={MONO}
            />
            {errorText(shown('packageId'))}
          </Field.Root>
          <Field.Root required invalid={shown('delta').invalid}>
            <Field.Label>{t('admin.ledger.adjust.delta')}</Field.Label>
            <Input type="number" step={1} {...form.register('delta')} />
            {errorText(shown('delta'))}
          </Field.Root>
          <Field.Root required invalid={shown('reason').invalid}>
            <Field.Label>{t('admin.ledger.adjust.reason')}</Field.Label>
            <Input maxLength={500} {...form.register('reason')} />
            {errorText(shown('reason'))}
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" disabled={!isValid} loading={adjust.isPending} loadingText={t('admin.ledger.adjust.saving')}>
          {t('admin.ledger.adjust.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** /admin/ledger: the events, newest first, filtered by stream or person; and hour adjustments. */
export default function AdminLedger() {
  // /admin/ledger?userId=... (from Manage Users) or ?stream=... opens with that filter.
  const [search] = useSearchParams();
  const [stream, setStream] = useState(search.get('stream') ?? '');
  const [userId, setUserId] = useState(search.get('userId') ?? '');
  const [applied, setApplied] = useState({ stream, userId });
  // A new object on every "Adjust", so picking the same package again fills it in again.
  const [pick, setPick] = useState({ packageId: '' });
  const packageInput = useRef<HTMLInputElement>(null);
  const adjust = (id: string) => {
    setPick({ packageId: id });
    packageInput.current?.scrollIntoView({ block: 'center' });
    packageInput.current?.focus();
  };
  const events = useInfiniteQuery(adminQueries.adminLedger(applied));
  const list = events.data?.pages.flat();
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.ledger.title')} subtitle={t('admin.ledger.subtitle')} />
      <Panel title={t('admin.ledger.adjust.title')}>
        <Text color="fg.muted" fontSize="sm" mb="3">
          {t('admin.ledger.adjust.intro')}
        </Text>
        <AdjustmentForm pick={pick} inputRef={packageInput} />
      </Panel>
      <Panel title={t('admin.ledger.events')}>
        <Stack gap="4">
          <SimpleGrid
            columns={{ base: 1, md: 3 }}
            gap="3"
            alignItems="end"
            as="form"
            role="search"
            aria-label={t('admin.ledger.filter.form')}
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              setApplied({ stream: stream.trim(), userId: userId.trim() });
            }}
          >
            <Field.Root>
              <Field.Label>{t('admin.ledger.filter.stream')}</Field.Label>
              {/* i18n-ignore: the placeholder is the start of a stream name, not words */}
              <Input value={stream} onChange={(e) => setStream(e.target.value)} placeholder="package-..." fontFamily={MONO} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin.ledger.filter.userId')}</Field.Label>
              <Input value={userId} onChange={(e) => setUserId(e.target.value)} fontFamily={MONO} />
            </Field.Root>
            <Button type="submit" variant="outline">
              {t('admin.ledger.filter.submit')}
            </Button>
          </SimpleGrid>
          <QueryView query={{ data: list, isLoading: events.isLoading, error: events.error }} isEmpty={(l) => l.length === 0} empty={t('admin.ledger.empty')}>
            {(l) => (
              <Stack gap="3">
                <Box as="ol" listStyleType="none" borderWidth="1px" borderRadius="md" maxH="70vh" overflowY="auto" tabIndex={0} aria-label={t('admin.ledger.list')}>
                  {l.map((e) => (
                    <EventItem key={e.eventId} e={e} onAdjust={adjust} />
                  ))}
                </Box>
                {events.hasNextPage && (
                  <Button variant="outline" alignSelf="flex-start" loading={events.isFetchingNextPage} loadingText={t('common.loading')} onClick={() => void events.fetchNextPage()}>
                    {t('admin.ledger.loadOlder')}
                  </Button>
                )}
              </Stack>
            )}
          </QueryView>
        </Stack>
      </Panel>
    </Stack>
  );
}
