import { useEffect } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordSchema, MESSAGES, profileUpdateSchema, type Profile as ProfileAnswer, type ProfileUpdateInput } from '@parliamo/domain/contracts/accounts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, missingFieldsToast, toastInvalid } from '../../../components/form-errors.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { CalendarFeed } from '../CalendarFeed.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { invalidate } from '../../../lib/queries.ts';
import { accountChanges, accountQueries } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';
import { errorText } from '../../../lib/i18n-store.ts';

type DetailName = Exclude<keyof ProfileUpdateInput, 'email' | 'profileImageUrl' | 'currentPassword'>;

/** The profile's fields; labels and hints are catalog keys (the registration form's, public.json). */
const fields: { name: DetailName; label: string; type?: string; required?: boolean; max?: number; hint?: string }[] = [
  { name: 'firstName', label: 'public.register.firstName', required: true },
  { name: 'lastName', label: 'public.register.lastName', required: true },
  { name: 'dateOfBirth', label: 'public.register.dateOfBirth', type: 'date', required: true },
  { name: 'placeOfBirth', label: 'public.register.placeOfBirth', required: true },
  { name: 'nationality', label: 'public.register.nationality', required: true },
  { name: 'phoneNumber', label: 'public.register.phoneNumber', type: 'tel' },
  { name: 'address', label: 'public.register.address', required: true },
  { name: 'city', label: 'public.register.city', required: true },
  { name: 'postalCode', label: 'public.register.postalCode', required: true },
  { name: 'fiscalCode', label: 'public.register.fiscalCode', max: 16, hint: 'public.register.fiscalCodeHint' },
  { name: 'vatNumber', label: 'public.register.vatNumber', max: 11 },
];

/** The form's values for a profile as GET /api/profile answers it (empty strings for missing fields). */
function detailsOf(p: ProfileAnswer): ProfileUpdateInput {
  const values: Record<string, string> = { email: p.email ?? '', profileImageUrl: p.profileImageUrl ?? '' };
  for (const f of fields) values[f.name] = (p[f.name] ?? '').toString().slice(0, f.type === 'date' ? 10 : undefined);
  return values as ProfileUpdateInput;
}

function DetailsForm({ initial }: { initial: ProfileAnswer }) {
  const qc = useQueryClient();
  const t = useT();
  const form = useForm<ProfileUpdateInput, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: contractResolver(profileUpdateSchema),
    defaultValues: detailsOf(initial),
  });
  const { errors } = form.formState;
  useEffect(() => form.reset(detailsOf(initial)), [initial, form]);
  const save = useMutation({
    mutationFn: async (body: z.output<typeof profileUpdateSchema>) => apiRequest('PUT', '/api/profile', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('common.profilePage.saved.title'), description: t('common.profilePage.saved.text') });
      await invalidate(qc, accountChanges.profileSaved);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('common.profilePage.failed')) }),
  });
  const submit = form.handleSubmit((body) => save.mutate(body), (invalid) => toastInvalid(invalid, missingFieldsToast()));
  return (
    <form onSubmit={submit} aria-label={t('common.profilePage.details')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('common.profilePage.email', { email: initial.email ?? '' })}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {fields.map((f) => {
            const { error, invalid } = fieldError(errors[f.name]);
            return (
              <Field.Root key={f.name} required={f.required} invalid={invalid}>
                <Field.Label>
                  {t(f.label)}
                  {f.required && <Field.RequiredIndicator />}
                </Field.Label>
                <Input type={f.type ?? 'text'} maxLength={f.max} {...form.register(f.name)} />
                {f.hint && !error && <Field.HelperText>{t(f.hint)}</Field.HelperText>}
                {error && <Field.ErrorText>{error}</Field.ErrorText>}
              </Field.Root>
            );
          })}
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText={t('common.profilePage.saving')}>
          {t('common.profilePage.save')}
        </Button>
      </Stack>
    </form>
  );
}

type PasswordChange = z.input<typeof changePasswordSchema>;
const noPasswords: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const t = useT();
  const form = useForm<PasswordChange, unknown, z.output<typeof changePasswordSchema>>({ resolver: contractResolver(changePasswordSchema), defaultValues: noPasswords });
  const { errors } = form.formState;
  const [currentPassword, newPassword, confirmPassword] = form.watch(['currentPassword', 'newPassword', 'confirmPassword']);
  // Said while typing, before anything is sent (the schema says it again on submit).
  const mismatch = confirmPassword !== '' && newPassword !== confirmPassword;
  const change = useMutation({
    mutationFn: async (body: PasswordChange) => apiRequest('POST', '/api/profile/password', body),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('common.profilePage.password.changed.title'), description: t('common.profilePage.password.changed.text') });
      form.reset(noPasswords);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('common.profilePage.password.failed')) }),
  });
  const submit = form.handleSubmit((body) => change.mutate(body), (invalid) => toastInvalid(invalid, missingFieldsToast()));
  const current = fieldError(errors.currentPassword);
  const next = fieldError(errors.newPassword);
  const confirm = mismatch ? { error: errorText(MESSAGES.passwordsDoNotMatch), invalid: true } : fieldError(errors.confirmPassword);
  return (
    <form aria-label={t('common.profilePage.password.title')} onSubmit={submit}>
      <Stack gap="4" maxW="md">
        <Field.Root required invalid={current.invalid}>
          <Field.Label>{t('common.profilePage.password.current')}</Field.Label>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          {current.error && <Field.ErrorText>{current.error}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={next.invalid}>
          <Field.Label>{t('common.profilePage.password.new')}</Field.Label>
          <Input type="password" autoComplete="new-password" minLength={8} {...form.register('newPassword')} />
          {next.error ? <Field.ErrorText>{next.error}</Field.ErrorText> : <Field.HelperText>{t('common.profilePage.password.hint')}</Field.HelperText>}
        </Field.Root>
        <Field.Root required invalid={confirm.invalid}>
          <Field.Label>{t('common.profilePage.password.confirm')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          {confirm.error && <Field.ErrorText>{confirm.error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={change.isPending} loadingText={t('common.profilePage.saving')} disabled={!currentPassword || !newPassword || mismatch}>
          {t('common.profilePage.password.change')}
        </Button>
      </Stack>
    </form>
  );
}

/** /profile: edit your details, change your password. */
export default function Profile() {
  const profile = useQuery(accountQueries.profile());
  const { user } = useAuth();
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.nav.profile')} subtitle={t('common.profilePage.subtitle')} />
      <Panel title={t('common.profilePage.details')}>
        <QueryView query={profile} rows={4}>
          {(p) => <DetailsForm initial={p} />}
        </QueryView>
      </Panel>
      <Panel title={t('common.profilePage.password.title')}>
        <PasswordForm />
      </Panel>
      {(user?.role === 'student' || user?.role === 'teacher') && (
        <Panel title={t('common.profilePage.calendarFeed')}>
          <CalendarFeed />
        </Panel>
      )}
    </Stack>
  );
}
