import { useEffect, useState } from 'react';
import { Badge, Box, Button, Field, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { SelectField } from '../../components/FormFields.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, romeDate } from '../../lib/format.ts';
import type { AdminUser } from '../../components/app/types.ts';
import { invalidate, queries } from '../../lib/queries.ts';

const ROLES = ['student', 'teacher', 'admin'] as const;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function UserRow({ user }: { user: AdminUser }) {
  const qc = useQueryClient();
  const name = `${user.firstName} ${user.lastName}`;
  const patch = useMutation({
    mutationFn: async (body: Partial<Pick<AdminUser, 'role' | 'isActive' | 'isApproved'>>) => apiRequest('PATCH', `/api/admin/users/${user.id}`, body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'User updated', description: `${name} has been updated.` });
      await invalidate(qc, 'userUpdated');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The user could not be updated.') }),
  });
  return (
    <Flex as="li" borderWidth="1px" borderRadius="md" p="3" gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }} justify="space-between" bg={user.isActive ? undefined : 'bg.muted'}>
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{name}</Text>
          {!user.isActive && <Badge colorPalette="red">inactive</Badge>}
          {user.role === 'teacher' && (user.isApproved ? <Badge colorPalette="green">approved</Badge> : <Badge colorPalette="orange">awaiting approval</Badge>)}
        </HStack>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {user.email}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Joined {dateLabel(romeDate(user.createdAt))}
        </Text>
      </Box>
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" width="32" disabled={patch.isPending}>
          <NativeSelect.Field aria-label={`Role of ${name}`} value={user.role} onChange={(e) => patch.mutate({ role: e.target.value as AdminUser['role'] })}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {user.role === 'teacher' && !user.isApproved && (
          <Button size="sm" colorPalette="green" disabled={patch.isPending} onClick={() => patch.mutate({ isApproved: true })} aria-label={`Approve ${name}`}>
            Approve
          </Button>
        )}
        <Button size="sm" variant="outline" colorPalette={user.isActive ? 'red' : 'green'} disabled={patch.isPending} onClick={() => patch.mutate({ isActive: !user.isActive })} aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${name}`}>
          {user.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        {user.role !== 'admin' && (
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/ledger?userId=${encodeURIComponent(user.id)}`}>
              Ledger<VisuallyHidden> of {name}</VisuallyHidden>
            </Link>
          </Button>
        )}
        {user.role === 'teacher' && (
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/teacher/${user.id}`}>
              View<VisuallyHidden> teacher {name}</VisuallyHidden>
            </Link>
          </Button>
        )}
      </HStack>
    </Flex>
  );
}

/** /admin/users: search, role change, activate or deactivate, approve teachers. */
export default function AdminUsers() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const q = useDebounced(search.trim(), 250);
  const users = useQuery({ ...queries.adminUsers({ search: q, role }), placeholderData: (prev) => prev });
  return (
    <Stack gap="6">
      <AppPageHeader title="Manage Users" subtitle="Find people, change roles, approve teachers." />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" as="form" role="search" aria-label="Search users" onSubmit={(e) => e.preventDefault()}>
        <Field.Root>
          <Field.Label>Search</Field.Label>
          <Input type="search" value={search} placeholder="Name or email" onChange={(e) => setSearch(e.target.value)} />
        </Field.Root>
        <SelectField
          label="Role"
          value={role}
          onChange={setRole}
          options={[{ value: '', label: 'All roles' }, ...ROLES.map((r) => ({ value: r, label: r }))]}
        />
      </SimpleGrid>
      <QueryView query={users} isEmpty={(u) => u.length === 0} empty="No users match.">
        {(list) => (
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Users">
            {list.map((u) => (
              <UserRow key={u.id} user={u} />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
