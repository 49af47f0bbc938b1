import { useEffect, useState, type ComponentProps } from 'react';
import { Box, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Table, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { teacherProfileFormSchema, type TeacherProfileFormInput } from '@parliamo/domain/contracts/forms';
import { teacherAvailabilitySchema, type TeacherAvailability, type TeacherAvailabilityBody, type TeacherProfile } from '@parliamo/domain/contracts/teachers';
import type { z } from 'zod';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, missingFieldsToast, toastInvalid } from '../../../components/form-errors.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { dateLabel, hourLabel, hoursCount, num, romeDate } from '../../../lib/format.ts';
import { invalidate, type Stale } from '../../../lib/queries.ts';
import { teacherChanges, teacherQueries } from '../queries.ts';
import { TeacherProfileForm } from '../TeacherProfileForm.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { PhotoField } from '../PhotoField.tsx';
import { useSiteConfig } from '../../../lib/site.ts';
import { useT } from '../../../lib/i18n.tsx';

/** Monday to Sunday as Rome dates of one week (1 January 2024 was a Monday): their names come from the active language. */
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => `2024-01-0${i + 1}`);
const HOURS = Array.from({ length: 15 }, (_, i) => i + 7);


function useSave<T>(path: string, what: 'profile' | 'availability', stale: Stale) {
  const qc = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: async (body: T) => apiRequest('PUT', path, body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('teacher.profileEditor.saved', { what }), description: t('teacher.photo.seen') });
      await invalidate(qc, stale);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('teacher.profileEditor.failed', { what })) }),
  });
}


/** Weekly hours (weekday x hour toggles, Rome time) and days off. */
function AvailabilityForm({ initial }: { initial: TeacherAvailability }) {
  const week: Record<string, number[]> = {};
  for (let d = 1; d <= 7; d++) week[String(d)] = initial.weekly[String(d) as keyof TeacherAvailability['weekly']];
  // Days off start today in Rome at the earliest: past ones are history and are not saved again (the API refuses them).
  const today = romeDate(new Date());
  const form = useForm<z.input<typeof teacherAvailabilitySchema>, unknown, TeacherAvailabilityBody>({
    resolver: contractResolver(teacherAvailabilitySchema),
    defaultValues: { weekly: week as TeacherAvailabilityBody['weekly'], daysOff: initial.daysOff.filter((d) => d >= today) },
  });
  const weekly: Record<string, number[] | undefined> = form.watch('weekly');
  const daysOff = form.watch('daysOff') ?? [];
  // The date being picked before "Add" puts it in the list (not part of what is saved).
  const [newDay, setNewDay] = useState('');
  const save = useSave<TeacherAvailabilityBody>('/api/teacher/availability', 'availability', teacherChanges.ownAvailabilitySaved);
  const t = useT();
  const { noticeHours } = useSiteConfig();
  const on = (d: number, h: number) => (weekly[String(d)] ?? []).includes(h);
  const toggle = (d: number, h: number) => {
    const cur = weekly[String(d)] ?? [];
    form.setValue(`weekly.${String(d) as '1'}`, cur.includes(h) ? cur.filter((x) => x !== h) : [...cur, h].sort((a, b) => a - b));
  };
  const setDaysOff = (days: string[]) => form.setValue('daysOff', days);
  const submit = form.handleSubmit((body) => save.mutate(body), (invalid) => toastInvalid(invalid, missingFieldsToast()));
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        {t('teacher.profileEditor.weeklyHelp', { notice: hoursCount(noticeHours) })}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="md">
        <Table.Root size="sm" stickyHeader aria-label={t('teacher.profileEditor.weekly')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader px="2">{t('teacher.profileEditor.hour')}</Table.ColumnHeader>
              {WEEKDAYS.map((d) => (
                <Table.ColumnHeader key={d} textAlign="center" px="0.5">
                  <abbr title={dateLabel(d, { weekday: 'long' })}>{dateLabel(d, { weekday: 'short' })}</abbr>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {HOURS.map((h) => (
              <Table.Row key={h}>
                <Table.Cell fontVariantNumeric="tabular-nums" px="2">{hourLabel(h)}</Table.Cell>
                {WEEKDAYS.map((day, i) => (
                  <Table.Cell key={day} textAlign="center" px="0.5" py="1">
                    <Button
                      size="xs"
                      minW={{ base: '8', md: '10' }}
                      px="0"
                      variant={on(i + 1, h) ? 'solid' : 'outline'}
                      colorPalette="green"
                      aria-pressed={on(i + 1, h)}
                      onClick={() => toggle(i + 1, h)}
                    >
                      <VisuallyHidden>{`${dateLabel(day, { weekday: 'long' })} ${hourLabel(h)}`}</VisuallyHidden>
                      <span aria-hidden="true">{on(i + 1, h) ? t('teacher.profileEditor.on') : '-'}</span>
                    </Button>
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Box>
        <Text fontWeight="semibold" mb="2">
          {t('teacher.profileEditor.daysOff')}
        </Text>
        <HStack gap="2" align="flex-end" wrap="wrap">
          <Field.Root width="auto">
            <Field.Label>{t('teacher.profileEditor.addDayOff')}</Field.Label>
            <Input type="date" min={today} value={newDay} onChange={(e) => setNewDay(e.target.value)} />
            {newDay !== '' && newDay < today && <Field.HelperText color="fg.error">{t('teacher.profileEditor.dayOffPast')}</Field.HelperText>}
          </Field.Root>
          <Button
            variant="outline"
            disabled={!newDay || newDay < today || daysOff.includes(newDay)}
            onClick={() => {
              setDaysOff([...daysOff, newDay].sort());
              setNewDay('');
            }}
          >
            {t('teacher.profileEditor.add')}
          </Button>
        </HStack>
        {daysOff.length === 0 && (
          <Text color="fg.muted" mt="3">
            {t('teacher.profileEditor.noDaysOff')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap" mt="3" as="ul" listStyleType="none">
          {daysOff.map((d) => (
            <li key={d}>
              <Button size="sm" variant="subtle" onClick={() => setDaysOff(daysOff.filter((x) => x !== d))}>
                <VisuallyHidden>{t('teacher.profileEditor.removeDayOff')} </VisuallyHidden>
                {dateLabel(d)} <span aria-hidden="true">✕</span>
              </Button>
            </li>
          ))}
        </Flex>
      </Box>
      <Button colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText={t('common.profilePage.saving')} onClick={() => void submit()}>
        {t('teacher.profileEditor.saveAvailability')}
      </Button>
    </Stack>
  );
}

/** /teacher/profile: public profile, rate, meeting link, weekly hours, days off. */
export default function TeacherProfileEditor() {
  const profile = useQuery(teacherQueries.ownTeacherProfile());
  const availability = useQuery(teacherQueries.ownAvailability());
  const { user } = useAuth();
  // The photo is changed by its own upload, never by this Save (which could carry an older address).
  const saveProfile = useSave<Omit<TeacherProfile, 'profileImageUrl'>>('/api/teacher/profile', 'profile', teacherChanges.ownTeacherProfileSaved);
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.appNav.teacherProfile')} subtitle={t('teacher.profileEditor.subtitle')} />
      <Panel title={t('teacher.profileEditor.public')}>
        <QueryView query={profile} rows={4}>
          {(p) =>
            user && (
              <TeacherProfileForm
                owner={user}
                initial={p}
                onSave={({ profileImageUrl: _photo, ...body }) => saveProfile.mutate(body)}
                pending={saveProfile.isPending}
              />
            )
          }
        </QueryView>
      </Panel>
      <Panel title={t('teacher.profileEditor.hoursAndDaysOff')}>
        <QueryView query={availability} rows={4}>
          {(a) => <AvailabilityForm initial={a} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
