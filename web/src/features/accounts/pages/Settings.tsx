import { useMemo } from 'react';
import { Button, Checkbox, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalSettings, PersonalSettingsUpdate } from '@parliamo/domain/contracts/settings';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { instantLabel } from '../../../lib/format.ts';
import { timeZoneChoices } from '../../../lib/settings.ts';
import { invalidate, sharedQueries } from '../../../lib/queries.ts';
import { accountChanges } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';

function useSave() {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: (body: PersonalSettingsUpdate) => apiRequest('PUT', '/api/settings', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('common.settingsPage.saved.title'), description: t('common.settingsPage.saved.text') });
      await invalidate(qc, accountChanges.personalSettingsSaved);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('common.settingsPage.failed')) }),
  });
}

function MailSettings({ settings }: { settings: PersonalSettings }) {
  const save = useSave();
  const t = useT();
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
        <Checkbox.Label>{t('common.settingsPage.mails.label')}</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('common.settingsPage.mails.help')}
      </Text>
    </Stack>
  );
}

function TimeZoneSettings({ settings }: { settings: PersonalSettings }) {
  const save = useSave();
  const t = useT();
  const zones = useMemo(() => {
    const all = timeZoneChoices();
    return all.includes(settings.timeZone) ? all : [settings.timeZone, ...all];
  }, [settings.timeZone]);
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{t('common.settingsPage.zone.title')}</Field.Label>
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
              {t('common.settingsPage.zone.device')}
            </Button>
          )}
        </HStack>
        <Field.HelperText>
          {t('common.settingsPage.zone.help', { now: instantLabel(new Date().toISOString(), settings.timeZone) })}
        </Field.HelperText>
      </Field.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('common.settingsPage.zone.rome')}
      </Text>
    </Stack>
  );
}

/** /settings: the signed-in person's own settings (every role), opened from the user menu. */
export default function Settings() {
  const query = useQuery(sharedQueries.personalSettings());
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.nav.settings')} subtitle={t('common.settingsPage.subtitle')} />
      <Panel title={t('common.settingsPage.mails.title')}>
        <QueryView query={query} rows={1}>
          {(s) => <MailSettings settings={s} />}
        </QueryView>
      </Panel>
      <Panel title={t('common.settingsPage.zone.title')}>
        <QueryView query={query} rows={1}>
          {(s) => <TimeZoneSettings settings={s} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
