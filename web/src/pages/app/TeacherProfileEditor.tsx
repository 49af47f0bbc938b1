import { useEffect, useState, type ComponentProps } from 'react';
import { Box, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Table, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@parliamo/domain/contracts/accounts';
import { teacherProfileFormSchema, type TeacherProfileFormInput } from '@parliamo/domain/contracts/forms';
import { teacherAvailabilitySchema, type TeacherAvailabilityBody } from '@parliamo/domain/contracts/teachers';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { fieldError, toastInvalid } from '../../components/form-errors.ts';
import { toaster } from '../../components/toaster.tsx';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { Panel } from '../../components/app/Panel.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, hourLabel, num, romeDate } from '../../lib/format.ts';
import { invalidate, queries, type Change } from '../../lib/queries.ts';
import { useAuth } from '../../lib/auth.ts';
import { PhotoField } from '../../components/app/PhotoField.tsx';
import { useRulesText } from '../../lib/site.ts';

export interface TeacherProfileData {
  bio: string | null;
  city: string | null;
  country: string | null;
  specializations: string[];
  hourlyRate: number | string;
  /** The trial lesson's price in whole euros, null for none; absent where it is not edited (the admin's editor). */
  trialRate?: number | null;
  profileImageUrl: string | null;
  googleMeetLink: string | null;
}
export interface Availability {
  weekly: Record<string, number[]>;
  daysOff: string[];
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 15 }, (_, i) => i + 7);

function useSave<T>(path: string, what: string, change: Change) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) => apiRequest('PUT', path, body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: `${what} saved`, description: 'Students see the change right away.' });
      await invalidate(qc, change);
    },
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, `${what} could not be saved.`) }),
  });
}

/** The form's text for each field of a profile. */
function typedFields(p: TeacherProfileData): TeacherProfileFormInput {
  return {
    bio: p.bio ?? '',
    city: p.city ?? '',
    country: p.country ?? '',
    specializations: p.specializations.join(', '),
    hourlyRate: String(num(p.hourlyRate)),
    ...(p.trialRate === undefined ? {} : { trialRate: p.trialRate === null ? '' : String(p.trialRate) }),
    profileImageUrl: p.profileImageUrl ?? '',
    googleMeetLink: p.googleMeetLink ?? '',
  };
}

/** Whose profile the form edits: their id (for the photo) and name (for the initials without one). */
export interface ProfileOwner {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Photo, public profile fields, hourly rate and meeting link; shared with the admin's teacher editor.
 * `imageAddress`: also the photo's address as text (admins may point it at any https:// image).
 */
export function TeacherProfileForm({ owner, initial, onSave, pending, imageAddress = false }: {
  owner: ProfileOwner;
  initial: TeacherProfileData;
  onSave: (p: TeacherProfileData) => void;
  pending: boolean;
  imageAddress?: boolean;
}) {
  const form = useForm<TeacherProfileFormInput, unknown, TeacherProfileData>({ resolver: contractResolver(teacherProfileFormSchema), defaultValues: typedFields(initial) });
  // Fresh data (after a photo upload, say) replaces the fields nobody has touched, not what is being typed.
  useEffect(() => form.reset(typedFields(initial), { keepDirtyValues: true }), [initial, form]);
  const photoUrl = form.watch('profileImageUrl');
  const { errors } = form.formState;
  const field = (name: keyof TeacherProfileFormInput) => ({ input: form.register(name), ...fieldError(errors[name]) });
  const submit = form.handleSubmit(onSave, (invalid) => toastInvalid(invalid, { title: 'Errore', description: MESSAGES.requiredFieldsMissing }));
  const text = (label: string, f: ReturnType<typeof field>, extra: ComponentProps<typeof Input> = {}, help?: string, required?: boolean) => (
    <Field.Root required={required} invalid={f.invalid}>
      <Field.Label>{label}</Field.Label>
      <Input {...extra} {...f.input} />
      {f.error ? <Field.ErrorText>{f.error}</Field.ErrorText> : help && <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
  const bio = field('bio');
  return (
    <form onSubmit={submit} aria-label="Teacher profile">
      <Stack gap="4">
        <PhotoField
          teacherId={owner.id}
          person={{ firstName: owner.firstName, lastName: owner.lastName, profileImageUrl: photoUrl || null }}
          onChange={(url) => form.setValue('profileImageUrl', url ?? '')}
        />
        <Field.Root invalid={bio.invalid}>
          <Field.Label>Bio</Field.Label>
          <Textarea rows={5} {...bio.input} />
          {bio.error && <Field.ErrorText>{bio.error}</Field.ErrorText>}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('City', field('city'))}
          {text('Country', field('country'))}
          {text('Specializations', field('specializations'), {}, 'Separate them with commas.')}
          {text('Hourly rate (€)', field('hourlyRate'), { type: 'number', min: 1, step: '0.5', inputMode: 'decimal' }, undefined, true)}
          {initial.trialRate !== undefined &&
            text(
              'Trial lesson rate (€)',
              field('trialRate'),
              { type: 'number', min: 1, step: '1', inputMode: 'numeric' },
              'Whole euros, below your hourly rate: one first hour for a student new to you. Empty: no trial lesson.',
            )}
          {imageAddress && text('Profile image address', field('profileImageUrl'), { inputMode: 'url' }, 'An https:// link, or a path on this site such as /teachers/giulia.svg. Empty: initials.')}
          {text('Meeting link', field('googleMeetLink'), { type: 'url', placeholder: 'https://meet.google.com/...' })}
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={pending} loadingText="Saving...">
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}

/** Weekly hours (weekday x hour toggles, Rome time) and days off. */
function AvailabilityForm({ initial }: { initial: Availability }) {
  const week: Record<string, number[]> = {};
  for (let d = 1; d <= 7; d++) week[String(d)] = initial.weekly[String(d)] ?? [];
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
  const save = useSave<TeacherAvailabilityBody>('/api/teacher/availability', 'Availability', 'ownAvailabilitySaved');
  const on = (d: number, h: number) => (weekly[String(d)] ?? []).includes(h);
  const toggle = (d: number, h: number) => {
    const cur = weekly[String(d)] ?? [];
    form.setValue(`weekly.${String(d) as '1'}`, cur.includes(h) ? cur.filter((x) => x !== h) : [...cur, h].sort((a, b) => a - b));
  };
  const setDaysOff = (days: string[]) => form.setValue('daysOff', days);
  const rules = useRulesText();
  const submit = form.handleSubmit((body) => save.mutate(body), (invalid) => toastInvalid(invalid, { title: 'Errore', description: MESSAGES.requiredFieldsMissing }));
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        {rules('Choose the hours (Rome time) you teach each week. Students can book any of them that is free and at least 48 hours ahead.')}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="md">
        <Table.Root size="sm" stickyHeader aria-label="Weekly hours">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader px="2">Hour</Table.ColumnHeader>
              {WEEKDAYS.map((d) => (
                <Table.ColumnHeader key={d} textAlign="center" px="0.5">
                  <abbr title={d}>{d.slice(0, 3)}</abbr>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {HOURS.map((h) => (
              <Table.Row key={h}>
                <Table.Cell fontVariantNumeric="tabular-nums" px="2">{hourLabel(h)}</Table.Cell>
                {WEEKDAYS.map((name, i) => (
                  <Table.Cell key={name} textAlign="center" px="0.5" py="1">
                    <Button
                      size="xs"
                      minW={{ base: '8', md: '10' }}
                      px="0"
                      variant={on(i + 1, h) ? 'solid' : 'outline'}
                      colorPalette="green"
                      aria-pressed={on(i + 1, h)}
                      onClick={() => toggle(i + 1, h)}
                    >
                      <VisuallyHidden>{`${name} ${hourLabel(h)}`}</VisuallyHidden>
                      <span aria-hidden="true">{on(i + 1, h) ? 'On' : '-'}</span>
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
          Days off
        </Text>
        <HStack gap="2" align="flex-end" wrap="wrap">
          <Field.Root width="auto">
            <Field.Label>Add a day off</Field.Label>
            <Input type="date" min={today} value={newDay} onChange={(e) => setNewDay(e.target.value)} />
            {newDay !== '' && newDay < today && <Field.HelperText color="fg.error">Days off can start today at the earliest.</Field.HelperText>}
          </Field.Root>
          <Button
            variant="outline"
            disabled={!newDay || newDay < today || daysOff.includes(newDay)}
            onClick={() => {
              setDaysOff([...daysOff, newDay].sort());
              setNewDay('');
            }}
          >
            Add
          </Button>
        </HStack>
        {daysOff.length === 0 && (
          <Text color="fg.muted" mt="3">
            No days off.
          </Text>
        )}
        <Flex gap="2" wrap="wrap" mt="3" as="ul" listStyleType="none">
          {daysOff.map((d) => (
            <li key={d}>
              <Button size="sm" variant="subtle" onClick={() => setDaysOff(daysOff.filter((x) => x !== d))}>
                <VisuallyHidden>Remove day off </VisuallyHidden>
                {dateLabel(d)} <span aria-hidden="true">✕</span>
              </Button>
            </li>
          ))}
        </Flex>
      </Box>
      <Button colorPalette="green" alignSelf="flex-start" loading={save.isPending} loadingText="Saving..." onClick={() => void submit()}>
        Save Availability
      </Button>
    </Stack>
  );
}

/** /teacher/profile: public profile, rate, meeting link, weekly hours, days off. */
export default function TeacherProfileEditor() {
  const profile = useQuery(queries.ownTeacherProfile());
  const availability = useQuery(queries.ownAvailability());
  const { user } = useAuth();
  // The photo is changed by its own upload, never by this Save (which could carry an older address).
  const saveProfile = useSave<Omit<TeacherProfileData, 'profileImageUrl'>>('/api/teacher/profile', 'Profile', 'ownTeacherProfileSaved');
  return (
    <Stack gap="6">
      <AppPageHeader title="Teacher Profile" subtitle="What students see on your public page, and when you teach." />
      <Panel title="Public profile">
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
      <Panel title="Weekly hours and days off">
        <QueryView query={availability} rows={4}>
          {(a) => <AvailabilityForm initial={a} />}
        </QueryView>
      </Panel>
    </Stack>
  );
}
