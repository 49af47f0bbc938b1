import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel, StatCard } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { eurosFromCents } from '../../lib/format.ts';
import { queries } from '../../lib/queries.ts';

const PAID = new Set(['paid', 'credited', 'refunded', 'partially_refunded']);

/** The admin dashboard: totals of people and money, with the way to each tool. */
export default function AdminDashboard() {
  const { user } = useAuth();
  const users = useQuery(queries.adminUsers());
  const payments = useQuery(queries.adminPayments());
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
        {(list) => {
          const paid = list.filter((p) => PAID.has(p.status));
          const gross = paid.reduce((s, p) => s + p.amountCents - p.refundedCents, 0);
          const hours = paid.reduce((s, p) => s + p.hoursCredited, 0);
          const flagged = list.filter((p) => p.flags.length > 0).length;
          return (
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <StatCard label="Payments" value={paid.length} />
              <StatCard label="Takings" value={eurosFromCents(gross)} help="net of refunds" />
              <StatCard label="Hours sold" value={hours} />
              <StatCard label="Need attention" value={flagged} help={flagged ? 'see Payments' : 'all reconciled'} />
            </SimpleGrid>
          );
        }}
      </QueryView>
      <Panel title="Tools">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
          {[
            { to: '/admin/users', label: 'Manage Users', text: 'Roles, approvals, accounts.' },
            { to: '/admin/students', label: 'Students', text: 'Hours each student holds.' },
            { to: '/admin/payments', label: 'Payments', text: 'Reconciliation and mismatches.' },
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
