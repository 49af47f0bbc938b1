import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Button, Code, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { PageHeader } from '../../components/app/AppLayout.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { instantLabel, MONO } from '../../components/app/format.ts';

/** One ledger event as the admin ledger browser lists it; `position` ("commit:prepare") is the cursor for older pages. */
import type { LedgerEntry as LedgerEvent } from '@parliamo/domain/contracts';

export type { LedgerEvent };

/** The server answers 100 events a page. */
const PAGE = 100;

function EventItem({ e, onAdjust }: { e: LedgerEvent; onAdjust: (packageId: string) => void }) {
  const packageId = typeof e.data.packageId === 'string' ? e.data.packageId : null;
  return (
    <Box as="li" borderBottomWidth="1px" py="2" px="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{e.type}</Text>
        <Text fontSize="sm" color="fg.muted">
          {instantLabel(e.recordedAt)}
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
function AdjustmentForm({ packageId, setPackageId, inputRef }: { packageId: string; setPackageId: (id: string) => void; inputRef: RefObject<HTMLInputElement | null> }) {
  const qc = useQueryClient();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const n = Number.parseInt(delta, 10);
  const valid = packageId.trim() !== '' && Number.isInteger(n) && n !== 0 && reason.trim().length > 0;
  const adjust = useMutation({
    mutationFn: async () => apiRequest('POST', '/api/admin/adjustments', { packageId: packageId.trim(), delta: n, reason: reason.trim() }),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Hours adjusted', description: `${n > 0 ? '+' : ''}${n} hours recorded in the ledger.` });
      setDelta('');
      setReason('');
      await qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') || String(q.queryKey[0]).startsWith('/api/hour-packages') });
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The adjustment could not be recorded.') }),
  });
  return (
    <form
      aria-label="Adjust hours"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (valid) adjust.mutate();
      }}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required>
            <Field.Label>Package id</Field.Label>
            <Input ref={inputRef} value={packageId} onChange={(e) => setPackageId(e.target.value)} fontFamily={MONO} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Hours (+ or -)</Field.Label>
            <Input type="number" step={1} value={delta} onChange={(e) => setDelta(e.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Reason</Field.Label>
            <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" disabled={!valid} loading={adjust.isPending} loadingText="Saving...">
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
  const [packageId, setPackageId] = useState('');
  const packageInput = useRef<HTMLInputElement>(null);
  const adjust = (id: string) => {
    setPackageId(id);
    packageInput.current?.scrollIntoView({ block: 'center' });
    packageInput.current?.focus();
  };
  const params = new URLSearchParams();
  if (applied.stream) params.set('stream', applied.stream);
  if (applied.userId) params.set('userId', applied.userId);
  const base = `/api/admin/ledger?${params}`;
  const events = useInfiniteQuery({
    queryKey: [base],
    initialPageParam: '',
    queryFn: async ({ pageParam }) => (await (await apiRequest('GET', pageParam ? `${base}&after=${pageParam}` : base)).json()) as LedgerEvent[],
    getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1]!.position : undefined),
  });
  const list = events.data?.pages.flat();
  return (
    <Stack gap="6">
      <PageHeader title="Ledger" subtitle="Every hour bought, booked, refunded, given, expired or adjusted, as recorded." />
      <Panel title="Adjust hours">
        <Text color="fg.muted" fontSize="sm" mb="3">
          A correction adds or removes hours of one package. The reason is kept in the ledger and shown in the student's history.
        </Text>
        <AdjustmentForm packageId={packageId} setPackageId={setPackageId} inputRef={packageInput} />
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
