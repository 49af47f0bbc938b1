import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n.tsx';
import { invoiceQueries } from './queries.ts';

/** The dashboard's alert: invoices the SdI rejected, or that wait for the school's fiscal data. Nothing when all is well. */
export function InvoiceAlert() {
  const t = useT();
  const summary = useQuery(invoiceQueries.invoiceSummary()).data;
  if (!summary || (summary.rejected === 0 && summary.incomplete === 0)) return null;
  return (
    <Alert.Root status={summary.rejected > 0 ? 'error' : 'warning'} data-testid="invoice-alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('admin.invoices.alert', { rejected: summary.rejected, incomplete: summary.incomplete })}</Alert.Title>
        <ChakraLink asChild textDecoration="underline">
          <Link to={summary.rejected > 0 ? '/admin/invoices?status=rejected' : '/admin/invoices'}>{t('admin.invoices.alertLink')}</Link>
        </ChakraLink>
      </Alert.Content>
    </Alert.Root>
  );
}
