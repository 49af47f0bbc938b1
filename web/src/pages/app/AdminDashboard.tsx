import { lazy, Suspense } from 'react';
import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel, StatCard } from '../../components/app/Panel.tsx';
import { LoadingRows, QueryView } from '../../components/app/states.tsx';
import { eurosFromCents } from '../../lib/format.ts';
import { queries } from '../../lib/queries.ts';

const AdminPayouts = lazy(() => import('../../components/app/AdminPayouts.tsx'));

/** The admin dashboard: totals of people and money, with the way to each tool. */
export default function AdminDashboard() {
  const { user } = useAuth();
  const users = useQuery(queries.adminUsers());
  // One row is enough: the totals come over every payment.
  const payments = useQuery(queries.adminPayments({ pageSize: '1' }));
  return (
    <Stack gap="6">
      <AppPageHeader title={`Ciao, ${user?.firstName ?? ''}!`} subtitle="The school at a glance." />
      <QueryView query={users} rows={1}>
        {(list) => (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <StatCard label="Students" value={list.filter((u) => u.role === 'student').length} />
            <StatCard label="Teachers" value={list.filter((u) => u.role === 'teacher').length} />
            <StatCard label="Awaiting approval" value={list.filter((u) => u.role === 'teacher' && !u.isApproved).length} />
            <StatCard label="Inactive accounts" value={list.filter((u) => !u.isActive).length} />
          </SimpleGrid>
        )}
      </QueryView>
      <QueryView query={payments} rows={1}>
        {({ summary: { paid, takingsCents, hoursCredited, flagged } }) => (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <StatCard label="Payments" value={paid} />
            <StatCard label="Takings" value={eurosFromCents(takingsCents)} help="net of refunds" />
            <StatCard label="Hours sold" value={hoursCredited} />
            <StatCard label="Need attention" value={flagged} help={flagged ? 'see Payments' : 'all reconciled'} />
          </SimpleGrid>
        )}
      </QueryView>
      <Panel title="Teacher payouts">
        <Suspense fallback={<LoadingRows rows={2} />}>
          <AdminPayouts />
        </Suspense>
      </Panel>
      <Panel title="Tools">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {[
            { to: '/admin/users', label: 'Manage Users', text: 'Roles, approvals, accounts.' },
            { to: '/admin/students', label: 'Students', text: 'Hours each student holds.' },
            { to: '/admin/payments', label: 'Payments', text: 'Reconciliation and mismatches.' },
            { to: '/admin/analytics', label: 'Analytics', text: 'Hours, lessons and money per month.' },
            { to: '/admin/ledger', label: 'Ledger', text: 'Every event; hour adjustments.' },
            { to: '/admin/mails', label: 'Mail delivery', text: 'Mails not sent yet; retry.' },
          ].map((t) => (
            <Stack key={t.to} borderWidth="1px" borderRadius="md" p="4" gap="2">
              <Button asChild variant="outline" alignSelf="flex-start">
                <Link to={t.to}>{t.label}</Link>
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {t.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Panel>
    </Stack>
  );
}
