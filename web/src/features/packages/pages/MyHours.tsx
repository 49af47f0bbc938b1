import { Badge, Box, Button, Flex, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { StepChart } from '../../../components/app/charts.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { PurchaseButton } from '../PurchaseButton.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { dateLabel, hoursCount, num, romeDate, timeLabel } from '../../../lib/format.ts';
import { bookingLinks } from '../packages.ts';
import type { HistoryEntry, HourPackage } from '@parliamo/domain/contracts';
import { packageQueries } from '../queries.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { useT } from '../../../lib/i18n.tsx';
import { t } from '../../../lib/i18n-store.ts';
import { creditNoteUrl, receiptUrl, type OwnReceipt } from '@parliamo/domain/contracts/receipts';

/** The causes the catalog names (student.json `myHours.cause.*`). */
const causes = new Set<string>(['purchase', 'booked', 'refunded', 'completed', 'rescheduled', 'expired', 'adjusted', 'revoked'] satisfies HistoryEntry['cause'][]);

/** What one ledger entry means for a person. */
export function describeEntry(e: HistoryEntry): string {
  const base = causes.has(e.cause) ? t(`student.myHours.cause.${e.cause}`) : e.cause;
  return e.reason ? t('student.myHours.withReason', { cause: base, reason: e.reason }) : base;
}

/** Where an entry's cause can be seen: its lesson (Lesson Details) or its payment. */
function entryLink(e: HistoryEntry): string | null {
  if (e.lessonId) return `/lesson-registry?lesson=${encodeURIComponent(e.lessonId)}`;
  if (e.paymentId) return `/payment-success?session_id=${encodeURIComponent(e.paymentId)}`;
  return null;
}

/** The chart's points: one per entry, and today's balance when the last entry is from an earlier day. */
export function balancePoints(entries: HistoryEntry[], now: Date): { at: string; value: number; label: string }[] {
  const points = entries.map((e) => ({ at: e.at, value: e.balanceAfter, label: dateLabel(romeDate(e.at), { day: 'numeric', month: 'short' }) }));
  const last = points[points.length - 1];
  // The balance holds until now: drawn up to today, unless the last change was today already.
  if (last && romeDate(last.at) < romeDate(now)) points.push({ at: now.toISOString(), value: last.value, label: t('student.myHours.today') });
  return points;
}

function History({ entries, label }: { entries: HistoryEntry[]; label: string }) {
  const points = balancePoints(entries, new Date());
  const t = useT();
  return (
    <Stack gap="4">
      <Box>
        <Text fontWeight="medium" mb="1">
          {t('student.myHours.chart.title')}
        </Text>
        <StepChart points={points} title={t('student.myHours.chart.label')} unit={t('student.myHours.chart.unit')} />
      </Box>
      {/* Focusable, so that a keyboard can scroll it sideways on a narrow screen. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('student.myHours.history.region', { label })}>
        <Table.Root size="sm" aria-label={t('student.myHours.history.table')} css={{ '& td, & th': { px: { base: '2', md: '3' } } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('student.myHours.history.when')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('student.myHours.history.what')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('student.myHours.history.change')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('student.myHours.hoursLeft')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((e) => (
              <Table.Row key={e.eventId} data-cause={e.cause}>
                <Table.Cell>
                  <Text whiteSpace="nowrap">{dateLabel(romeDate(e.at), { day: 'numeric', month: 'short', year: 'numeric' })}</Text>
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    {t('student.myHours.history.time', { time: timeLabel(e.at) })}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="normal">
                  {entryLink(e) ? (
                    <ChakraLink asChild color="green.800" textDecoration="underline">
                      <Link to={entryLink(e)!}>{describeEntry(e)}</Link>
                    </ChakraLink>
                  ) : (
                    describeEntry(e)
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end" color={e.delta < 0 ? 'red.700' : e.delta > 0 ? 'green.700' : undefined}>
                  {e.delta > 0 ? `+${e.delta}` : e.delta}
                </Table.Cell>
                <Table.Cell textAlign="end">{e.balanceAfter}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/**
 * One package with its full history (every hour's source and fate) and its balance chart. `label`
 * names it among the others (two packages with one teacher are two cards); `book`: this card carries
 * the teacher's "Book a lesson" (one per teacher).
 */
export function PackageCard({ pkg, label, book, receipt }: { pkg: HourPackage; label: string; book: boolean; receipt?: OwnReceipt }) {
  const history = useQuery(packageQueries.packageHistory(pkg.id));
  const t = useT();
  return (
    <Panel
      title={pkg.teacherName}
      label={label}
      actions={
        <Flex gap="2" align="center">
          {pkg.trial && (
            <Badge colorPalette="orange" variant="surface" data-testid="package-trial">
              {t('student.myHours.trial')}
            </Badge>
          )}
          <Badge colorPalette={pkg.status === 'active' ? 'green' : 'gray'}>{t('student.myHours.status', { status: pkg.status })}</Badge>
          {book && (
            <Button asChild size="xs" variant="outline" colorPalette="green">
              <Link to={`/book/${pkg.teacherId}`} aria-label={t('student.dashboard.packages.bookWith', { teacher: pkg.teacherName })}>
                {t('student.dashboard.packages.book')}
              </Link>
            </Button>
          )}
        </Flex>
      }
    >
      <Stack gap="4">
        <Flex gap={{ base: '3', md: '8' }} wrap="wrap">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {t('student.myHours.hoursLeft')}
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid="package-remaining">
              {t('student.myHours.remaining', { remaining: num(pkg.remainingHours), total: num(pkg.totalHours) })}
            </Text>
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {t('student.myHours.bought')}
            </Text>
            <Text fontWeight="medium">{dateLabel(romeDate(pkg.purchasedAt))}</Text>
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {t('student.myHours.expires')}
            </Text>
            <Text fontWeight="medium">{dateLabel(romeDate(pkg.expiresAt))}</Text>
          </Box>
          {receipt && <ReceiptLinks receipt={receipt} />}
        </Flex>
        <QueryView query={history} isEmpty={(h) => h.entries.length === 0} empty={t('student.myHours.noHistory')}>
          {(h) => <History entries={h.entries} label={label} />}
        </QueryView>
      </Stack>
    </Panel>
  );
}

/** The purchase's receipt (and any credit notes) as PDF downloads: courtesy copies of the invoice, whose number is the receipt's. */
function ReceiptLinks({ receipt }: { receipt: OwnReceipt }) {
  const link = { color: 'green.800', textDecoration: 'underline', fontWeight: 'medium' } as const;
  const t = useT();
  return (
    <Box data-testid="package-receipt">
      <Text fontSize="sm" color="fg.muted">
        {t('student.myHours.documents')}
      </Text>
      <Flex gap="3" wrap="wrap" align="baseline">
        <ChakraLink href={receiptUrl(receipt.paymentId)} download={`parliamo-receipt-${receipt.receiptNumber}.pdf`} {...link}>
          {t('student.myHours.receipt')}
        </ChakraLink>
        <Text as="span" fontSize="sm" color="fg.muted">
          {receipt.receiptNumber}
        </Text>
        {receipt.creditNoteNumbers.length > 0 && (
          <ChakraLink href={creditNoteUrl(receipt.paymentId)} download={`parliamo-credit-note-${receipt.creditNoteNumbers.at(-1)}.pdf`} {...link}>
            {t('student.myHours.creditNote')}
          </ChakraLink>
        )}
      </Flex>
      <Text fontSize="xs" color="fg.muted" data-testid="package-invoice">
        {t('student.myHours.invoiceNote', { number: receipt.receiptNumber })}
      </Text>
    </Box>
  );
}

/** A name for each package that no other package on the page has: teacher, hours and purchase day. */
function packageLabels(list: HourPackage[]): Map<string, string> {
  const labels = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const p of list) {
    const base = t('student.myHours.packageLabel', { teacher: p.teacherName, hours: hoursCount(num(p.totalHours)), date: dateLabel(romeDate(p.purchasedAt)) });
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    labels.set(p.id, n === 1 ? base : `${base} (${n})`);
  }
  return labels;
}

/** /my-hours: each package, its history and its balance over time. */
export default function MyHours() {
  const { validityMonths } = useSiteConfig();
  const t = useT();
  const packages = useQuery(packageQueries.hourPackages());
  // The receipts are extra: without them (still loading, or failed) the packages show all the same.
  const receipts = new Map((useQuery(packageQueries.receipts()).data ?? []).map((r) => [r.packageId, r]));
  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.nav.myHours')}
        subtitle={t('student.myHours.subtitle', { months: validityMonths })}
        actions={<PurchaseButton>{t('student.dashboard.buyHours')}</PurchaseButton>}
      />
      <QueryView query={packages} isEmpty={(p) => p.length === 0} empty={t('student.myHours.empty')} rows={2}>
        {(list) => {
          const book = bookingLinks(list);
          const labels = packageLabels(list);
          return (
            <Stack gap="6">
              {list.map((p) => (
                <PackageCard key={p.id} pkg={p} label={labels.get(p.id)!} book={book.has(p.id)} receipt={receipts.get(p.id)} />
              ))}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}
