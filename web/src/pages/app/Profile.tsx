import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { CalendarFeed } from '../../components/app/CalendarFeed.tsx';
import { useAuth } from '../../lib/auth.ts';
import { invalidate, queries } from '../../lib/queries.ts';

export type ProfileData = Record<string, string | null | undefined>;

const fields: { name: string; label: string; type?: string; required?: boolean; max?: number; hint?: string }[] = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'dateOfBirth', label: 'Date of birth', type: 'date', required: true },
  { name: 'placeOfBirth', label: 'Place of birth', required: true },
  { name: 'nationality', label: 'Nationality', required: true },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel' },
  { name: 'address', label: 'Address', required: true },
  { name: 'city', label: 'City', required: true },
  { name: 'postalCode', label: 'Postal code', required: true },
  { name: 'fiscalCode', label: 'Fiscal code', max: 16, hint: 'Required only for Italian residents' },
  { name: 'vatNumber', label: 'Partita IVA', max: 11 },
];

function DetailsForm({ initial }: { initial: ProfileData }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<ProfileData>(initial);
  useEffect(() => setForm(initial), [initial]);
  const save = useMutation({
    mutationFn: async (body: ProfileData) => apiRequest('PUT', '/api/profile', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Profile updated', description: 'Your details have been saved.' });
      await invalidate(qc, 'profileSaved');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Your details could not be saved.') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: ProfileData = { ...form };
    for (const f of fields) body[f.name] = (form[f.name] ?? '').toString().trim();
    save.mutate(body);
  };
  return (
    <form onSubmit={submit} aria-label="Your details">
      <Stack gap="4">
        <Text color="fg.muted">Email: {initial.email}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {fields.map((f) => (
            <Field.Root key={f.name} required={f.required}>
              <Field.Label>
                {f.label}
                {f.required && <Field.RequiredIndicator />}
              </Field.Label>
              <Input
                name={f.name}
                type={f.type ?? 'text'}
                maxLength={f.max}
                value={(form[f.name] ?? '').toString().slice(0, f.type === 'date' ? 10 : undefined)}
                onChange={(e) => setForm((s) => ({ ...s, [f.name]: e.target.value }))}
              />
              {f.hint && <Field.HelperText>{f.hint}</Field.HelperText>}
            </Field.Root>
          ))}
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
          Save Details
        </Button>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const mismatch = confirmPassword !== '' && newPassword !== confirmPassword;
  const change = useMutation({
    mutationFn: async () => apiRequest('POST', '/api/profile/password', { currentPassword, newPassword, confirmPassword }),
    onSuccess: () => {
      toaster.create({ type: 'success', title: 'Password changed', description: 'Your password has been changed.' });
      setCurrent('');
      setNew('');
      setConfirm('');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Your password could not be changed.') }),
  });
  return (
    <form
      aria-label="Change password"
      onSubmit={(e) => {
        e.preventDefault();
        if (!mismatch) change.mutate();
      }}
    >
      <Stack gap="4" maxW="md">
        <Field.Root required>
          <Field.Label>Current password</Field.Label>
          <Input type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" minLength={8} value={newPassword} onChange={(e) => setNew(e.target.value)} />
          <Field.HelperText>At least 8 characters.</Field.HelperText>
        </Field.Root>
        <Field.Root required invalid={mismatch}>
          <Field.Label>Confirm new password</Field.Label>
          <Input type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} />
          {mismatch && <Field.ErrorText>Passwords do not match</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={change.isPending} loadingText="Saving..." disabled={!currentPassword || !newPassword || mismatch}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

/** /profile: edit your details, change your password. */
export default function Profile() {
  const profile = useQuery(queries.profile());
  const { user } = useAuth();
  return (
    <Stack gap="6">
      <AppPageHeader title="Profile" subtitle="Your details and your password." />
      <Panel title="Your details">
        <QueryView query={profile} rows={4}>
          {(p) => <DetailsForm initial={p} />}
        </QueryView>
      </Panel>
      <Panel title="Change password">
        <PasswordForm />
      </Panel>
      {(user?.role === 'student' || user?.role === 'teacher') && (
        <Panel title="Calendar feed">
          <CalendarFeed />
        </Panel>
      )}
    </Stack>
  );
}
