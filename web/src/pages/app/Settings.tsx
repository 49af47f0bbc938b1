import { useMemo } from 'react';
import { Button, Checkbox, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalSettings, PersonalSettingsUpdate } from '@parliamo/domain/contracts/settings';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { instantLabel } from '../../lib/format.ts';
import { timeZoneChoices } from '../../lib/settings.ts';
import { invalidate, queries } from '../../lib/queries.ts';

function useSave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalSettingsUpdate) => apiRequest('PUT', '/api/settings', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Settings saved', description: 'Your settings have been saved.' });
      await invalidate(qc, 'personalSettingsSaved');
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Your settings could not be saved.') }),
  });
}

function MailSettings({ settings }: { settings: PersonalSettings }) {
  const save = useSave();
  return (
    <Stack gap="3">
      <Checkbox.Root
        checked={settings.notificationEmails}
        disabled={save.isPending}
        onCheckedChange={(e) => save.mutate({ notificationEmails: e.checked === true })}
        colorPalette="green"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Send me notification e-mails</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="fg.muted">
        Lesson confirmations and cancellations, the reminder the day before a lesson, and warnings before your hours expire. E-mails about your
        account always come: the welcome, purchase confirmations and password resets.
      </Text>
    </Stack>
  );
}

function TimeZoneSettings({ settings }: { settings: PersonalSettings }) {
  const save = useSave();
  const zones = useMemo(() => {
    const all = timeZoneChoices();
    return all.includes(settings.timeZone) ? all : [settings.timeZone, ...all];
  }, [settings.timeZone]);
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>Time zone</Field.Label>
        <HStack gap="3" wrap="wrap" w="100%">
          <NativeSelect.Root maxW="sm" disabled={save.isPending}>
            <NativeSelect.Field value={settings.timeZone} onChange={(e) => save.mutate({ timeZone: e.target.value })}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {settings.timeZone !== Intl.DateTimeFormat().resolvedOptions().timeZone && (
            <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })}>
              Use this device's time zone
            </Button>
          )}
        </HStack>
        <Field.HelperText>
          Now it is {instantLabel(new Date().toISOString(), settings.timeZone)} there. Dates and times of messages and changes are shown in this time
          zone, and your lessons show the time there next to the Rome time.
        </Field.HelperText>
      </Field.Root>
      <Text fontSize="sm" color="fg.muted">
        Lessons are booked on Rome time: the booking calendar always shows Rome hours (Europe/Rome).
      </Text>
    </Stack>
  );
}

/** /settings: the signed-in person's own settings (every role), opened from the user menu. */
export default function Settings() {
  const query = useQuery(queries.personalSettings());
  return (
    <Stack gap="6">
      <AppPageHeader title="Settings" subtitle="Your e-mails and the time zone you read dates in." />
      <Panel title="E-mails">
        <QueryView query={query} rows={1}>
          {(s) => <MailSettings settings={s} />}
        </QueryView>
      </Panel>
      <Panel title="Time zone">
        <QueryView query={query} rows={1}>
          {(s) => <TimeZoneSettings settings={s} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
