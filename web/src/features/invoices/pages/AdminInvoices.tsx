import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Box, Button, Flex, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FISCAL_DOCUMENT_KINDS, FISCAL_DOCUMENT_STATUSES, invoiceMonthZipUrl, invoiceXmlUrl, type AdminInvoice } from '@parliamo/domain/contracts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { SelectField } from '../../../components/FormFields.tsx';
import { LoadMore, QueryView } from '../../../components/app/states.tsx';
import { toaster } from '../../../components/toaster.tsx';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { eurosFromCents, instantLabel, romeDate } from '../../../lib/format.ts';
import { invalidate } from '../../../lib/queries.ts';
import { useT } from '../../../lib/i18n.tsx';
import { invoiceChanges, invoiceQueries, type InvoiceFilter } from '../queries.ts';
import { FiscalProfileForm } from '../FiscalProfileForm.tsx';

const STATUS_PALETTE: Record<AdminInvoice['status'], string> = {
  incomplete: 'orange', ready: 'blue', sending: 'blue', delivered: 'green', not_delivered: 'yellow', rejected: 'red',
};

/** What a document lacks, in words ("school.partitaIva" -> "the school's Partita IVA"). */
function useMissingLabel() {
  const t = useT();
  return (fields: string[]) => fields.map((f) => t(`admin.invoices.missing.${f.replace('.', '_')}`)).join(', ');
}

function InvoiceRow({ doc }: { doc: AdminInvoice }) {
  const t = useT();
  const qc = useQueryClient();
  const missingLabel = useMissingLabel();
  const rewrite = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/invoices/rewrite', { ids: [doc.id] }),
    onSuccess: () => invalidate(qc, invoiceChanges.invoicesRewritten),
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.invoices.rewriteFailed')) }),
  });
  return (
    <Flex as="li" data-testid="invoice-row" borderWidth="1px" borderRadius="md" p="3" gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{t(`admin.invoices.kind.${doc.kind}`, { number: doc.number })}</Text>
          <Badge colorPalette={STATUS_PALETTE[doc.status]}>{t(`admin.invoices.status.${doc.status}`)}</Badge>
        </HStack>
        <Text fontSize="sm">
          {t('admin.invoices.line', { date: instantLabel(doc.issuedAt), buyer: doc.buyerName, country: doc.country, total: eurosFromCents(doc.totalCents) })}
          {doc.bolloCents > 0 ? ` · ${t('admin.invoices.bollo', { amount: eurosFromCents(doc.bolloCents) })}` : ''}
        </Text>
        {doc.missing.length > 0 && <Text fontSize="sm" color="orange.800">{t('admin.invoices.needs', { fields: missingLabel(doc.missing) })}</Text>}
        {doc.sdiCode && <Text fontSize="sm" color="red.700">{t('admin.invoices.sdiOutcome', { code: doc.sdiCode, message: doc.sdiMessage ?? '' })}</Text>}
      </Box>
      <HStack gap="3" flexShrink={0} align="center">
        {doc.fileName && (
          <Link href={invoiceXmlUrl(doc.id)} download={doc.fileName} color="green.800" textDecoration="underline">
            {t('admin.invoices.downloadXml')}
          </Link>
        )}
        {(doc.status === 'incomplete' || doc.status === 'rejected') && (
          <Button size="sm" variant="outline" onClick={() => rewrite.mutate()} loading={rewrite.isPending}>
            {t('admin.invoices.rewrite')}
          </Button>
        )}
      </HStack>
    </Flex>
  );
}

/** /admin/invoices: the school's FatturaPA invoices and credit notes, what they wait for, their XML, and the fiscal profile. */
export default function AdminInvoices() {
  const t = useT();
  const missingLabel = useMissingLabel();
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<InvoiceFilter>({ status: params.get('status') ?? undefined });
  const [month, setMonth] = useState(romeDate(new Date()).slice(0, 7));
  const docs = useInfiniteQuery({ ...invoiceQueries.adminInvoices(filter), select: (d) => d.pages.flatMap((p) => p.invoices) });
  const summary = useQuery(invoiceQueries.invoiceSummary()).data;
  const set = (change: InvoiceFilter) => setFilter((f) => ({ ...f, ...change }));
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.invoices.title')} subtitle={t('admin.invoices.subtitle')} />
      {summary && (
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="invoice-summary">
          <Text>{t('admin.invoices.summary', { incomplete: summary.incomplete, ready: summary.ready, rejected: summary.rejected })}</Text>
          {summary.missing.length > 0 && <Text color="orange.800">{t('admin.invoices.fillIn', { fields: missingLabel(summary.missing) })}</Text>}
          <Text fontSize="sm" color="fg.muted">{t('admin.invoices.bolloQuarter', { quarter: summary.quarter, count: summary.bolloCount, amount: eurosFromCents(summary.bolloCents) })}</Text>
          <Link href={`/api/admin/invoices/oss/${summary.quarter}.csv`} download color="green.800" textDecoration="underline" fontSize="sm">
            {t('admin.invoices.ossCsv', { quarter: summary.quarter })}
          </Link>
        </Box>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <SelectField label={t('admin.invoices.filter.kind')} value={filter.kind ?? ''} onChange={(kind) => set({ kind: kind || undefined })}
          options={[{ value: '', label: t('admin.invoices.filter.all') }, ...FISCAL_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`admin.invoices.kindName.${k}`) }))]} />
        <SelectField label={t('admin.invoices.filter.status')} value={filter.status ?? ''} onChange={(status) => set({ status: status || undefined })}
          options={[{ value: '', label: t('admin.invoices.filter.all') }, ...FISCAL_DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`admin.invoices.status.${s}`) }))]} />
        <Stack gap="1">
          <label htmlFor="invoice-month">{t('admin.invoices.month')}</label>
          <HStack>
            <input id="invoice-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} style={{ border: '1px solid #ccc', borderRadius: 6, padding: '6px 8px' }} />
            {/^\d{4}-\d{2}$/.test(month) && <Link href={invoiceMonthZipUrl(month)} download color="green.800" textDecoration="underline">{t('admin.invoices.downloadZip')}</Link>}
          </HStack>
        </Stack>
      </SimpleGrid>
      <QueryView query={docs} isEmpty={(d) => d.length === 0} empty={t('admin.invoices.empty')}>
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="3" aria-label={t('admin.invoices.title')}>
            {list.map((d) => <InvoiceRow key={d.id} doc={d} />)}
          </Stack>
        )}
      </QueryView>
      {docs.data && docs.data.length > 0 && (
        <LoadMore label={t('admin.invoices.more')} endText={t('admin.invoices.noMore')} onLoad={() => void docs.fetchNextPage()} loading={docs.isFetchingNextPage}
          ended={!docs.hasNextPage} error={docs.isFetchNextPageError ? docs.error : undefined} />
      )}
      <FiscalProfileForm />
    </Stack>
  );
}
