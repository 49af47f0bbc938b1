import { useEffect } from 'react';
import { Box, Button, Checkbox, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  schoolSettingsUpdateSchema,
  type SchoolSettingsChange,
  type SchoolSettingsUpdate,
  type SchoolSettingsView,
} from '@parliamo/domain/contracts/settings';
import { EMAIL_PLACEHOLDER, SETTINGS_LIMITS } from '@parliamo/domain/settings';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { errorMessages } from '../../../components/form-errors.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { euros, hoursCount, instantLabel } from '../../../lib/format.ts';
import { useDisplayTimeZone } from '../../../lib/settings.ts';
import { invalidate } from '../../../lib/queries.ts';
import { adminChanges, adminQueries } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';
import { t } from '../../../lib/i18n-store.ts';

type Form = Required<SchoolSettingsUpdate>;

/** What each setting is called on this screen and in its audit trail (keys of admin.json). */
const LABELS: Record<string, string> = {
  contactEmail: 'admin.settings.labels.contactEmail',
  launchNoticeEnabled: 'admin.settings.labels.launchNoticeEnabled',
  launchNoticeText: 'admin.settings.labels.launchNoticeText',
  launchNoticeTextIt: 'admin.settings.labels.launchNoticeTextIt',
  fee: 'admin.settings.labels.fee',
  noticeHours: 'admin.settings.labels.noticeHours',
  validityMonths: 'admin.settings.labels.validityMonths',
  schoolName: 'admin.settings.labels.schoolName',
  schoolAddress: 'admin.settings.labels.schoolAddress',
  vatNumber: 'admin.settings.labels.vatNumber',
};
const label = (field: string) => (LABELS[field] ? t(LABELS[field]) : field);
/** The long texts: shown before and after in full. */
const LONG_TEXTS = new Set(['launchNoticeText', 'launchNoticeTextIt']);

/** A value of the audit trail as people read it. */
function valueText(field: string, v: string | number | boolean): string {
  if (field === 'fee') return euros(Number(v));
  if (field === 'noticeHours') return hoursCount(Number(v));
  if (field === 'validityMonths') return t('public.format.months', { count: Number(v) });
  if (typeof v === 'boolean') return t(v ? 'admin.settings.audit.shown' : 'admin.settings.audit.hidden');
  return String(v);
}

/** One field's change: "Fee per purchase: €3 → €4.50"; the notice text, long, before and after in full. */
function ChangeLine({ field, from, to }: SchoolSettingsChange['changes'][number]) {
  const t = useT();
  if (!LONG_TEXTS.has(field)) {
    return (
      <Text as="li" overflowWrap="anywhere">
        {t('admin.settings.audit.change', { label: label(field), from: valueText(field, from), to: valueText(field, to) })}
      </Text>
    );
  }
  return (
    <Box as="li" overflowWrap="anywhere">
      <Text>{t('admin.settings.audit.changed', { label: label(field) })}</Text>
      <Text color="fg.muted">{t('admin.settings.audit.before', { text: String(from) })}</Text>
      <Text>{t('admin.settings.audit.after', { text: String(to) })}</Text>
    </Box>
  );
}

function TextField({ label, hint, error, ...input }: { label: string; hint: string; error?: string } & React.ComponentProps<typeof Input>) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input autoComplete="off" {...input} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

function NumberField(props: { label: string; hint: string; error?: string } & React.ComponentProps<typeof Input>) {
  return <TextField type="number" inputMode="decimal" {...props} />;
}

function SettingsForm({ settings }: { settings: SchoolSettingsView }) {
  const qc = useQueryClient();
  const t = useT();
  const form = useForm<Form, unknown, z.output<typeof schoolSettingsUpdateSchema>>({
    resolver: contractResolver(schoolSettingsUpdateSchema),
    defaultValues: settings,
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => form.reset(settings), [settings, form]);
  const save = useMutation({
    mutationFn: (body: z.output<typeof schoolSettingsUpdateSchema>) => apiRequest('PUT', '/api/admin/settings', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('admin.settings.saved.title'), description: t('admin.settings.saved.description') });
      await invalidate(qc, adminChanges.schoolSettingsSaved);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.settings.saveFailed')) }),
  });
  const submit = form.handleSubmit(
    (body) => save.mutate(body),
    (invalid) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessages(invalid)[0] ?? t('admin.settings.checkFields') }),
  );
  const text = form.watch('launchNoticeText') ?? '';
  const textIt = form.watch('launchNoticeTextIt') ?? '';
  const max = SETTINGS_LIMITS.launchNoticeText.max;
  const num = { valueAsNumber: true } as const;
  return (
    <form onSubmit={submit} aria-label={t('admin.settings.title')} noValidate>
      <Stack gap="5">
        <Field.Root invalid={!!errors.contactEmail}>
          <Field.Label>{label('contactEmail')}</Field.Label>
          <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
          {errors.contactEmail ? (
            <Field.ErrorText>{errors.contactEmail.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('admin.settings.hints.contactEmail')}</Field.HelperText>
          )}
        </Field.Root>
        <Controller
          control={form.control}
          name="launchNoticeEnabled"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} colorPalette="green">
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('admin.settings.showLaunchNotice')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Field.Root invalid={!!errors.launchNoticeText}>
          <Field.Label>{label('launchNoticeText')}</Field.Label>
          <Textarea rows={4} maxLength={max} {...form.register('launchNoticeText')} />
          {errors.launchNoticeText ? (
            <Field.ErrorText>{errors.launchNoticeText.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('admin.settings.hints.launchNoticeText', { placeholder: EMAIL_PLACEHOLDER, count: text.length, max })}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={!!errors.launchNoticeTextIt}>
          <Field.Label>{label('launchNoticeTextIt')}</Field.Label>
          <Textarea rows={4} maxLength={SETTINGS_LIMITS.launchNoticeTextIt.max} {...form.register('launchNoticeTextIt')} />
          {errors.launchNoticeTextIt ? (
            <Field.ErrorText>{errors.launchNoticeTextIt.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {t('admin.settings.hints.launchNoticeTextIt', { placeholder: EMAIL_PLACEHOLDER, count: textIt.length, max: SETTINGS_LIMITS.launchNoticeTextIt.max })}
            </Field.HelperText>
          )}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <NumberField label={t('admin.settings.feeLabel', { label: label('fee') })} hint={t('admin.settings.hints.fee', { min: euros(0), max: euros(50) })} step="0.01" min={0} max={50} error={errors.fee?.message} {...form.register('fee', num)} />
          <NumberField label={t('admin.settings.noticeLabel', { label: label('noticeHours') })} hint={t('admin.settings.hints.noticeHours')} step="1" min={0} max={168} error={errors.noticeHours?.message} {...form.register('noticeHours', num)} />
          <NumberField label={t('admin.settings.validityLabel', { label: label('validityMonths') })} hint={t('admin.settings.hints.validityMonths')} step="1" min={1} max={24} error={errors.validityMonths?.message} {...form.register('validityMonths', num)} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField label={label('schoolName')} hint={t('admin.settings.hints.schoolName')} maxLength={SETTINGS_LIMITS.schoolName.max} error={errors.schoolName?.message} {...form.register('schoolName')} />
          <TextField label={label('schoolAddress')} hint={t('admin.settings.hints.schoolAddress')} maxLength={SETTINGS_LIMITS.schoolAddress.max} error={errors.schoolAddress?.message} {...form.register('schoolAddress')} />
          <TextField label={label('vatNumber')} hint={t('admin.settings.hints.vatNumber')} maxLength={SETTINGS_LIMITS.vatNumber.max} error={errors.vatNumber?.message} {...form.register('vatNumber')} />
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t('admin.settings.fromNowOn')}
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="green" loading={save.isPending} disabled={!isDirty}>
            {t('admin.settings.save')}
          </Button>
          <Button type="button" variant="outline" disabled={!isDirty || save.isPending} onClick={() => form.reset(settings)}>
            {t('admin.settings.discard')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function AuditTrail({ changes }: { changes: SchoolSettingsChange[] }) {
  const zone = useDisplayTimeZone();
  const t = useT();
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label={t('admin.settings.changesList')}>
      {changes.map((c) => (
        <Box as="li" key={c.eventId} borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="medium">
            {instantLabel(c.changedAt, zone)} · {c.adminName ?? t('admin.settings.anAdmin')}
          </Text>
          <Stack as="ul" gap="1" mt="1" pl="4" fontSize="sm">
            {c.changes.map((f) => (
              <ChangeLine key={f.field} {...f} />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** /admin/settings: the school's settings in force, editable, with who changed what and when. */
export default function AdminSettings() {
  const query = useQuery(adminQueries.schoolSettings());
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')} />
      <Panel title={t('admin.settings.inForce')}>
        <QueryView query={query} rows={4}>
          {(page) => <SettingsForm settings={page.settings} />}
        </QueryView>
      </Panel>
      <Panel title={t('admin.settings.changes')}>
        <QueryView query={query} rows={2} empty={t('admin.settings.noChanges')} isEmpty={(page) => page.changes.length === 0}>
          {(page) => <AuditTrail changes={page.changes} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
