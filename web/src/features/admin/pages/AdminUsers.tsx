import { useState } from 'react';
import { Badge, Box, Button, Field, Grid, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { SelectField } from '../../../components/FormFields.tsx';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserPage } from '@parliamo/domain/contracts';
import { Link } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { MorePageNav } from '../../../components/app/PageNav.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { ConfirmDialog } from '../../../components/app/ConfirmDialog.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { dateLabel, romeDate } from '../../../lib/format.ts';
import type { AdminUserRow as AdminUser } from '@parliamo/domain/contracts';
import { invalidate } from '../../../lib/queries.ts';
import { adminChanges, adminQueries } from '../queries.ts';
import { usePagedFilter, useSearchText } from '../../../lib/use-query-params.ts';
import { useT } from '../../../lib/i18n.tsx';
import { t } from '../../../lib/i18n-store.ts';

const ROLES = ['student', 'teacher', 'admin'] as const;

type Change = Partial<Pick<AdminUser, 'role' | 'isActive' | 'isApproved'>>;

/** What a confirmation asks before a change: its title, question and button. */
function question(change: Change, name: string): { title: string; text: string; confirm: string; danger: boolean } {
  if (change.role) {
    return {
      title: t('admin.users.confirm.roleTitle'),
      text: t('admin.users.confirm.roleText', { name, role: change.role }),
      confirm: t('admin.users.confirm.roleButton', { role: change.role }),
      danger: change.role === 'admin',
    };
  }
  return change.isActive === false
    ? { title: t('admin.users.confirm.deactivateTitle'), text: t('admin.users.confirm.deactivateText', { name }), confirm: t('admin.users.deactivate'), danger: true }
    : { title: t('admin.users.confirm.activateTitle'), text: t('admin.users.confirm.activateText', { name }), confirm: t('admin.users.activate'), danger: false };
}

// One grid for the header and every row, so the columns line up whatever each row holds.
const COLUMNS = { md: 'minmax(0, 1fr) 8rem 6rem 7rem 9rem' };

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const qc = useQueryClient();
  const t = useT();
  const name = `${user.firstName} ${user.lastName}`;
  const [asking, setAsking] = useState<Change | null>(null);
  const patch = useMutation({
    mutationFn: async (body: Change) => apiRequest('PATCH', `/api/admin/users/${user.id}`, body),
    onSuccess: async () => {
      setAsking(null);
      toaster.create({ type: 'success', title: t('admin.users.updated.title'), description: t('admin.users.updated.description', { name }) });
      await invalidate(qc, adminChanges.userUpdated);
    },
    onError: (e) => {
      setAsking(null);
      toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.users.updateFailed')) });
    },
  });
  const q = asking && question(asking, name);
  const selfNote = self ? t('admin.users.selfNote') : undefined;
  return (
    <Grid as="li" templateColumns={COLUMNS} gap="3" alignItems="center" borderWidth="1px" borderRadius="md" p="3" bg={user.isActive ? undefined : 'bg.muted'} data-testid="user-row">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{name}</Text>
          {self && <Badge colorPalette="blue">{t('admin.users.badge.you')}</Badge>}
          {!user.isActive && <Badge colorPalette="red">{t('admin.users.badge.inactive')}</Badge>}
          {user.role === 'teacher' && (user.isApproved ? <Badge colorPalette="green">{t('admin.users.badge.approved')}</Badge> : <Badge colorPalette="orange">{t('admin.users.badge.awaiting')}</Badge>)}
        </HStack>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {user.email}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t('admin.users.joined', { date: dateLabel(romeDate(user.createdAt)) })}
        </Text>
      </Box>
      <NativeSelect.Root size="sm" disabled={patch.isPending || self} title={selfNote}>
        <NativeSelect.Field aria-label={t('admin.users.roleOf', { name })} value={user.role} onChange={(e) => setAsking({ role: e.target.value as AdminUser['role'] })}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.users.role.${r}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box>
        {user.role === 'teacher' && !user.isApproved && (
          <Button size="sm" width="full" colorPalette="green" disabled={patch.isPending} onClick={() => patch.mutate({ isApproved: true })} aria-label={t('admin.users.approveName', { name })}>
            {t('admin.users.approve')}
          </Button>
        )}
      </Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette={user.isActive ? 'red' : 'green'}
        disabled={patch.isPending || self}
        title={selfNote}
        onClick={() => setAsking({ isActive: !user.isActive })}
        aria-label={t(user.isActive ? 'admin.users.deactivateName' : 'admin.users.activateName', { name })}
      >
        {t(user.isActive ? 'admin.users.deactivate' : 'admin.users.activate')}
      </Button>
      <HStack gap="1" wrap="wrap">
        {user.role !== 'admin' && (
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/ledger?userId=${encodeURIComponent(user.id)}`}>
              {t('admin.users.ledger')}<VisuallyHidden> {t('admin.users.ledgerOf', { name })}</VisuallyHidden>
            </Link>
          </Button>
        )}
        {user.role === 'teacher' && (
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/teacher/${user.id}`}>
              {t('admin.users.view')}<VisuallyHidden> {t('admin.users.viewTeacher', { name })}</VisuallyHidden>
            </Link>
          </Button>
        )}
      </HStack>
      {self && (
        <Text fontSize="xs" color="fg.muted" gridColumn={{ md: '1 / -1' }}>
          {selfNote}
        </Text>
      )}
      <ConfirmDialog
        open={!!q}
        title={q?.title ?? ''}
        confirmLabel={q?.confirm ?? ''}
        danger={q?.danger}
        pending={patch.isPending}
        onConfirm={() => asking && patch.mutate(asking)}
        onCancel={() => setAsking(null)}
      >
        {q?.text}
      </ConfirmDialog>
    </Grid>
  );
}

/** /admin/users: the school's people, newest first, a page at a time; search, role change, activate or deactivate, approve teachers. */
export default function AdminUsers() {
  const { filter, set, goTo } = usePagedFilter(['search', 'role']);
  const [text, setText] = useSearchText(filter.search, set);
  const users = useQuery({ ...adminQueries.adminUsers(filter), placeholderData: keepPreviousData });
  const { user: me } = useAuth();
  const t = useT();
  const empty = (p: AdminUserPage) => p.users.length === 0 && p.page === 1;
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" as="form" role="search" aria-label={t('admin.users.searchForm')} onSubmit={(e) => e.preventDefault()}>
        <Field.Root>
          <Field.Label>{t('admin.users.search')}</Field.Label>
          <Input type="search" value={text} placeholder={t('admin.users.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
        </Field.Root>
        <SelectField
          label={t('admin.users.roleLabel')}
          value={filter.role ?? ''}
          onChange={(role) => set({ role })}
          options={[{ value: '', label: t('admin.users.allRoles') }, ...ROLES.map((r) => ({ value: r, label: t(`admin.users.role.${r}`) }))]}
        />
      </SimpleGrid>
      <QueryView query={users} isEmpty={empty} empty={t('admin.users.empty')}>
        {(page) => (
          <Stack gap="2" aria-busy={users.isFetching}>
            <Grid templateColumns={COLUMNS} gap="3" px="3" display={{ base: 'none', md: 'grid' }} fontSize="xs" fontWeight="semibold" color="fg.muted" aria-hidden="true">
              <Text>{t('admin.users.columns.person')}</Text>
              <Text>{t('admin.users.columns.role')}</Text>
              <Text>{t('admin.users.columns.approval')}</Text>
              <Text>{t('admin.users.columns.account')}</Text>
              <Text>{t('admin.users.columns.records')}</Text>
            </Grid>
            <Stack as="ul" listStyleType="none" gap="2" aria-label={t('admin.users.list')}>
              {page.users.map((u) => (
                <UserRow key={u.id} user={u} self={u.id === me?.id} />
              ))}
            </Stack>
            {page.users.length === 0 && <Text color="fg.muted">{t('admin.users.emptyPage')}</Text>}
            <MorePageNav label={t('admin.users.pages.label')} position={(rows) => t('admin.users.pages.position', rows)} page={page} shown={page.users.length} onPage={goTo} />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
