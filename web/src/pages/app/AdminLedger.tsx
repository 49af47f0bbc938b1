import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Code, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { AdjustmentBody } from '@parliamo/domain/contracts/packages';
import { adjustmentFormSchema, type AdjustmentFormInput as AdjustmentFields } from '@parliamo/domain/contracts/forms';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { hoursCount } from '../../lib/format.ts';
import { fieldError } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { instantLabel } from '../../lib/format.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { MONO } from '../../theme.ts';
import { invalidate, queries } from '../../lib/queries.ts';

/** One ledger event as the admin ledger browser lists it; `position` ("commit:prepare") is the cursor for older pages. */
import type { LedgerEntry as LedgerEvent } from '@parliamo/domain/contracts';

export type { LedgerEvent };


function EventItem({ e, onAdjust }: { e: LedgerEvent; onAdjust: (packageId: string) => void }) {
  const packageId = typeof e.data.packageId === 'string' ? e.data.packageId : null;
  const zone = useDisplayTimeZone();
  return (
    <Box as="li" borderBottomWidth="1px" py="2" px="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{e.type}</Text>
        <Text fontSize="sm" color="fg.muted">
          {instantLabel(e.recordedAt, zone)}
        </Text>
      </HStack>
      <Text fontSize="xs" color="fg.muted" fontFamily={MONO} overflowWrap="anywhere">
        {e.stream} #{e.revision} · position {e.position}
      </Text>
      {packageId && (
        <Button size="xs" variant="ghost" px="1" onClick={() => onAdjust(packageId)}>
          Adjust this package
        </Button>
      )}
      <details>
        <summary style={{ cursor: 'pointer', fontSize: '0.875rem' }}>Data</summary>
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
      toaster.create({ type: 'success', title: 'Hours adjusted', description: `${hoursCount(n, { signed: true })} recorded in the ledger.` });
      form.reset({ packageId: form.getValues('packageId'), delta: '', reason: '' });
      await invalidate(qc, 'hoursAdjusted');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The adjustment could not be recorded.') }),
  });
  const packageField = form.register('packageId');
  const errorText = (f: ReturnType<typeof shown>) => f.error && <Field.ErrorText>{f.error}</Field.ErrorText>;
  return (
    <form aria-label="Adjust hours" onSubmit={form.handleSubmit((body) => adjust.mutate(body))}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required invalid={shown('packageId').invalid}>
            <Field.Label>Package id</Field.Label>
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
            <Field.Label>Hours (+ or -)</Field.Label>
            <Input type="number" step={1} {...form.register('delta')} />
            {errorText(shown('delta'))}
          </Field.Root>
          <Field.Root required invalid={shown('reason').invalid}>
            <Field.Label>Reason</Field.Label>
            <Input maxLength={500} {...form.register('reason')} />
            {errorText(shown('reason'))}
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" disabled={!isValid} loading={adjust.isPending} loadingText="Saving...">
          Record Adjustment
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
  const events = useInfiniteQuery(queries.adminLedger(applied));
  const list = events.data?.pages.flat();
  return (
    <Stack gap="6">
      <AppPageHeader title="Ledger" subtitle="Every hour bought, booked, refunded, given, expired or adjusted, as recorded." />
      <Panel title="Adjust hours">
        <Text color="fg.muted" fontSize="sm" mb="3">
          A correction adds or removes hours of one package. The reason is kept in the ledger and shown in the student's history.
        </Text>
        <AdjustmentForm pick={pick} inputRef={packageInput} />
      </Panel>
      <Panel title="Events">
        <Stack gap="4">
          <SimpleGrid
            columns={{ base: 1, md: 3 }}
            gap="3"
            alignItems="end"
            as="form"
            role="search"
            aria-label="Filter events"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              setApplied({ stream: stream.trim(), userId: userId.trim() });
            }}
          >
            <Field.Root>
              <Field.Label>Stream</Field.Label>
              <Input value={stream} onChange={(e) => setStream(e.target.value)} placeholder="package-..." fontFamily={MONO} />
            </Field.Root>
            <Field.Root>
              <Field.Label>User id</Field.Label>
              <Input value={userId} onChange={(e) => setUserId(e.target.value)} fontFamily={MONO} />
            </Field.Root>
            <Button type="submit" variant="outline">
              Filter
            </Button>
          </SimpleGrid>
          <QueryView query={{ data: list, isLoading: events.isLoading, error: events.error }} isEmpty={(l) => l.length === 0} empty="No events match.">
            {(l) => (
              <Stack gap="3">
                <Box as="ol" listStyleType="none" borderWidth="1px" borderRadius="md" maxH="70vh" overflowY="auto" tabIndex={0} aria-label="Ledger events, newest first">
                  {l.map((e) => (
                    <EventItem key={e.eventId} e={e} onAdjust={adjust} />
                  ))}
                </Box>
                {events.hasNextPage && (
                  <Button variant="outline" alignSelf="flex-start" loading={events.isFetchingNextPage} loadingText="Loading..." onClick={() => void events.fetchNextPage()}>
                    Load older events
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
