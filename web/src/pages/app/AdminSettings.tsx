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
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { errorMessages } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { euros, hoursCount, instantLabel } from '../../lib/format.ts';
import { monthsText } from '../../lib/site.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { invalidate, queries } from '../../lib/queries.ts';

type Form = Required<SchoolSettingsUpdate>;

/** What each setting is called on this screen and in its audit trail. */
const LABELS: Record<string, string> = {
  contactEmail: 'Contact e-mail',
  launchNoticeEnabled: 'Launch notice',
  launchNoticeText: 'Launch notice text',
  fee: 'Fee per purchase',
  noticeHours: 'Booking and cancellation notice',
  validityMonths: 'Hours valid for',
  schoolName: 'School name',
  schoolAddress: 'School address',
  vatNumber: 'VAT number (Partita IVA)',
};

/** A value of the audit trail as people read it. */
function valueText(field: string, v: string | number | boolean): string {
  if (field === 'fee') return euros(Number(v));
  if (field === 'noticeHours') return hoursCount(Number(v));
  if (field === 'validityMonths') return monthsText(Number(v));
  if (typeof v === 'boolean') return v ? 'shown' : 'hidden';
  return String(v);
}

/** One field's change: "Fee per purchase: €3 → €4.50"; the notice text, long, before and after in full. */
function ChangeLine({ field, from, to }: SchoolSettingsChange['changes'][number]) {
  const label = LABELS[field] ?? field;
  if (field !== 'launchNoticeText') {
    return (
      <Text as="li" overflowWrap="anywhere">
        {label}: {valueText(field, from)} → {valueText(field, to)}
      </Text>
    );
  }
  return (
    <Box as="li" overflowWrap="anywhere">
      <Text>{label} changed</Text>
      <Text color="fg.muted">Before: “{String(from)}”</Text>
      <Text>After: “{String(to)}”</Text>
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
  const form = useForm<Form, unknown, z.output<typeof schoolSettingsUpdateSchema>>({
    resolver: contractResolver(schoolSettingsUpdateSchema),
    defaultValues: settings,
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => form.reset(settings), [settings, form]);
  const save = useMutation({
    mutationFn: (body: z.output<typeof schoolSettingsUpdateSchema>) => apiRequest('PUT', '/api/admin/settings', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Settings saved', description: 'The new values apply from now on.' });
      await invalidate(qc, 'schoolSettingsSaved');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'The settings could not be saved.') }),
  });
  const submit = form.handleSubmit(
    (body) => save.mutate(body),
    (invalid) => toaster.create({ type: 'error', title: 'Error', description: errorMessages(invalid)[0] ?? 'Check the highlighted fields.' }),
  );
  const text = form.watch('launchNoticeText') ?? '';
  const num = { valueAsNumber: true } as const;
  return (
    <form onSubmit={submit} aria-label="School settings" noValidate>
      <Stack gap="5">
        <Field.Root invalid={!!errors.contactEmail}>
          <Field.Label>{LABELS.contactEmail}</Field.Label>
          <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
          {errors.contactEmail ? (
            <Field.ErrorText>{errors.contactEmail.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>Shown in the footer, on the contact page and in the launch notice.</Field.HelperText>
          )}
        </Field.Root>
        <Controller
          control={form.control}
          name="launchNoticeEnabled"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} colorPalette="green">
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Show the launch notice on the home page and the student dashboard</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <Field.Root invalid={!!errors.launchNoticeText}>
          <Field.Label>{LABELS.launchNoticeText}</Field.Label>
          <Textarea rows={4} maxLength={SETTINGS_LIMITS.launchNoticeText.max} {...form.register('launchNoticeText')} />
          {errors.launchNoticeText ? (
            <Field.ErrorText>{errors.launchNoticeText.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {EMAIL_PLACEHOLDER} becomes a link to the contact e-mail. {text.length}/{SETTINGS_LIMITS.launchNoticeText.max} characters.
            </Field.HelperText>
          )}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <NumberField label={`${LABELS.fee} (€)`} hint="Added once to every purchase, €0 to €50." step="0.01" min={0} max={50} error={errors.fee?.message} {...form.register('fee', num)} />
          <NumberField label={`${LABELS.noticeHours} (hours)`} hint="Bookings need it; students cancel with it to get the hour back. 0 to 168." step="1" min={0} max={168} error={errors.noticeHours?.message} {...form.register('noticeHours', num)} />
          <NumberField label={`${LABELS.validityMonths} (months)`} hint="From the purchase, 1 to 24 months." step="1" min={1} max={24} error={errors.validityMonths?.message} {...form.register('validityMonths', num)} />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField label={LABELS.schoolName!} hint="As receipts and credit notes name the school." maxLength={SETTINGS_LIMITS.schoolName.max} error={errors.schoolName?.message} {...form.register('schoolName')} />
          <TextField label={LABELS.schoolAddress!} hint="Street, postal code, city, country." maxLength={SETTINGS_LIMITS.schoolAddress.max} error={errors.schoolAddress?.message} {...form.register('schoolAddress')} />
          <TextField label={LABELS.vatNumber!} hint="Letters and digits, e.g. IT01234567890." maxLength={SETTINGS_LIMITS.vatNumber.max} error={errors.vatNumber?.message} {...form.register('vatNumber')} />
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          A change applies from now on. Hours already bought keep their expiry, lessons already booked keep the notice they were booked with, and
          checkouts already started keep their price. Receipts and credit notes already issued keep the school details they were issued with.
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="green" loading={save.isPending} disabled={!isDirty}>
            Save settings
          </Button>
          <Button type="button" variant="outline" disabled={!isDirty || save.isPending} onClick={() => form.reset(settings)}>
            Discard changes
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function AuditTrail({ changes }: { changes: SchoolSettingsChange[] }) {
  const zone = useDisplayTimeZone();
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Changes, newest first">
      {changes.map((c) => (
        <Box as="li" key={c.eventId} borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="medium">
            {instantLabel(c.changedAt, zone)} · {c.adminName ?? 'An admin'}
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
  const query = useQuery(queries.schoolSettings());
  return (
    <Stack gap="6">
      <AppPageHeader title="School settings" subtitle="The contact address, the launch notice, the fee, the notice for bookings and cancellations, how long hours stay valid, and the school details on receipts." />
      <Panel title="Values in force">
        <QueryView query={query} rows={4}>
          {(page) => <SettingsForm settings={page.settings} />}
        </QueryView>
      </Panel>
      <Panel title="Changes">
        <QueryView query={query} rows={2} empty="No changes yet: the settings have their original values." isEmpty={(page) => page.changes.length === 0}>
          {(page) => <AuditTrail changes={page.changes} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
