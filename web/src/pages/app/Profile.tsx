import { useEffect } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema, MESSAGES, profileUpdateSchema, type ProfileUpdateInput } from '@parliamo/domain/contracts/accounts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { fieldError, toastInvalid } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { CalendarFeed } from '../../components/app/CalendarFeed.tsx';
import { useAuth } from '../../lib/auth.ts';
import { invalidate, queries } from '../../lib/queries.ts';

export type ProfileData = Record<string, string | null | undefined>;

type DetailName = Exclude<keyof ProfileUpdateInput, 'email' | 'profileImageUrl' | 'currentPassword'>;

const fields: { name: DetailName; label: string; type?: string; required?: boolean; max?: number; hint?: string }[] = [
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

/** The form's values for a profile as GET /api/profile answers it (empty strings for missing fields). */
function detailsOf(p: ProfileData): ProfileUpdateInput {
  const values: Record<string, string> = { email: p.email ?? '', profileImageUrl: p.profileImageUrl ?? '' };
  for (const f of fields) values[f.name] = (p[f.name] ?? '').toString().slice(0, f.type === 'date' ? 10 : undefined);
  return values as ProfileUpdateInput;
}

const missingToast = { title: 'Errore', description: MESSAGES.requiredFieldsMissing };

function DetailsForm({ initial }: { initial: ProfileData }) {
  const qc = useQueryClient();
  const form = useForm<ProfileUpdateInput, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: contractResolver(profileUpdateSchema),
    defaultValues: detailsOf(initial),
  });
  const { errors } = form.formState;
  useEffect(() => form.reset(detailsOf(initial)), [initial, form]);
  const save = useMutation({
    mutationFn: async (body: z.output<typeof profileUpdateSchema>) => apiRequest('PUT', '/api/profile', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Profile updated', description: 'Your details have been saved.' });
      await invalidate(qc, 'profileSaved');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Your details could not be saved.') }),
  });
  const submit = form.handleSubmit((body) => save.mutate(body), (invalid) => toastInvalid(invalid, missingToast));
  return (
    <form onSubmit={submit} aria-label="Your details">
      <Stack gap="4">
        <Text color="fg.muted">Email: {initial.email}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {fields.map((f) => {
            const { error, invalid } = fieldError(errors[f.name]);
            return (
              <Field.Root key={f.name} required={f.required} invalid={invalid}>
                <Field.Label>
                  {f.label}
                  {f.required && <Field.RequiredIndicator />}
                </Field.Label>
                <Input type={f.type ?? 'text'} maxLength={f.max} {...form.register(f.name)} />
                {f.hint && !error && <Field.HelperText>{f.hint}</Field.HelperText>}
                {error && <Field.ErrorText>{error}</Field.ErrorText>}
              </Field.Root>
            );
          })}
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
          Save Details
        </Button>
      </Stack>
    </form>
  );
}

type PasswordChange = z.input<typeof changePasswordSchema>;
const noPasswords: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const form = useForm<PasswordChange, unknown, z.output<typeof changePasswordSchema>>({ resolver: contractResolver(changePasswordSchema), defaultValues: noPasswords });
  const { errors } = form.formState;
  const [currentPassword, newPassword, confirmPassword] = form.watch(['currentPassword', 'newPassword', 'confirmPassword']);
  // Said while typing, before anything is sent (the schema says it again on submit).
  const mismatch = confirmPassword !== '' && newPassword !== confirmPassword;
  const change = useMutation({
    mutationFn: async (body: PasswordChange) => apiRequest('POST', '/api/profile/password', body),
    onSuccess: () => {
      toaster.create({ type: 'success', title: 'Password changed', description: 'Your password has been changed.' });
      form.reset(noPasswords);
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Your password could not be changed.') }),
  });
  const submit = form.handleSubmit((body) => change.mutate(body), (invalid) => toastInvalid(invalid, missingToast));
  const current = fieldError(errors.currentPassword);
  const next = fieldError(errors.newPassword);
  const confirm = mismatch ? { error: MESSAGES.passwordsDoNotMatch, invalid: true } : fieldError(errors.confirmPassword);
  return (
    <form aria-label="Change password" onSubmit={submit}>
      <Stack gap="4" maxW="md">
        <Field.Root required invalid={current.invalid}>
          <Field.Label>Current password</Field.Label>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          {current.error && <Field.ErrorText>{current.error}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={next.invalid}>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" minLength={8} {...form.register('newPassword')} />
          {next.error ? <Field.ErrorText>{next.error}</Field.ErrorText> : <Field.HelperText>At least 8 characters.</Field.HelperText>}
        </Field.Root>
        <Field.Root required invalid={confirm.invalid}>
          <Field.Label>Confirm new password</Field.Label>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          {confirm.error && <Field.ErrorText>{confirm.error}</Field.ErrorText>}
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
