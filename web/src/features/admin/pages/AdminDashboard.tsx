import { Suspense } from 'react';
import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../lib/auth.ts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel, StatCard } from '../../../components/app/Panel.tsx';
import { LoadingRows, QueryView } from '../../../components/app/states.tsx';
import { eurosFromCents } from '../../../lib/format.ts';
import { adminQueries } from '../queries.ts';
import { paymentQueries } from '../../payments/index.ts';
import { AdminPayouts } from '../../payouts/index.ts';
import { InvoiceAlert } from '../../invoices/index.ts';
import { useT } from '../../../lib/i18n.tsx';

/** The admin dashboard: totals of people and money, with the way to each tool. */
export default function AdminDashboard() {
  const { user } = useAuth();
  const t = useT();
  // Counted on the server over everyone: the user list is a page, not the school.
  const counts = useQuery(adminQueries.adminUserCounts());
  // One row is enough: the totals come over every payment.
  const payments = useQuery(paymentQueries.adminPayments({ pageSize: '1' }));
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.dashboard.greeting', { firstName: user?.firstName ?? '' })} subtitle={t('admin.dashboard.subtitle')} />
      <InvoiceAlert />
      <QueryView query={counts} rows={1}>
        {({ students, teachers, awaitingApproval, inactive }) => (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <StatCard label={t('admin.dashboard.stats.students')} value={students} />
            <StatCard label={t('admin.dashboard.stats.teachers')} value={teachers} />
            <StatCard label={t('admin.dashboard.stats.awaitingApproval')} value={awaitingApproval} />
            <StatCard label={t('admin.dashboard.stats.inactive')} value={inactive} />
          </SimpleGrid>
        )}
      </QueryView>
      <QueryView query={payments} rows={1}>
        {({ summary: { paid, takingsCents, hoursCredited, flagged } }) => (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <StatCard label={t('admin.dashboard.stats.payments')} value={paid} />
            <StatCard label={t('admin.dashboard.stats.takings')} value={eurosFromCents(takingsCents)} help={t('admin.dashboard.stats.takingsHelp')} />
            <StatCard label={t('admin.dashboard.stats.hoursSold')} value={hoursCredited} />
            <StatCard label={t('admin.dashboard.stats.needAttention')} value={flagged} help={t(flagged ? 'admin.dashboard.stats.seePayments' : 'admin.dashboard.stats.allReconciled')} />
          </SimpleGrid>
        )}
      </QueryView>
      <Panel title={t('admin.dashboard.payouts')}>
        <Suspense fallback={<LoadingRows rows={2} />}>
          <AdminPayouts />
        </Suspense>
      </Panel>
      <Panel title={t('admin.dashboard.tools.title')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {[
            { to: '/admin/users', label: 'admin.dashboard.tools.users', text: 'admin.dashboard.tools.usersText' },
            { to: '/admin/students', label: 'admin.dashboard.tools.students', text: 'admin.dashboard.tools.studentsText' },
            { to: '/admin/payments', label: 'admin.dashboard.tools.payments', text: 'admin.dashboard.tools.paymentsText' },
            { to: '/admin/analytics', label: 'admin.dashboard.tools.analytics', text: 'admin.dashboard.tools.analyticsText' },
            { to: '/admin/ledger', label: 'admin.dashboard.tools.ledger', text: 'admin.dashboard.tools.ledgerText' },
            { to: '/admin/mails', label: 'admin.dashboard.tools.mails', text: 'admin.dashboard.tools.mailsText' },
          ].map((tool) => (
            <Stack key={tool.to} borderWidth="1px" borderRadius="md" p="4" gap="2">
              <Button asChild variant="outline" alignSelf="flex-start">
                <Link to={tool.to}>{t(tool.label)}</Link>
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {t(tool.text)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Panel>
    </Stack>
  );
}
