/** A teacher's public profile as a form: the teacher's own editor and the admin's teacher editor share it. */
import { useEffect, type ComponentProps } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { teacherProfileFormSchema, type TeacherProfileFormInput } from '@parliamo/domain/contracts/forms';
import type { AdminTeacher, OwnTeacherProfile, TeacherProfile } from '@parliamo/domain/contracts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { num } from '../../lib/format.ts';
import { fieldError, missingFieldsToast, toastInvalid } from '../../components/form-errors.ts';
import { PhotoField } from './PhotoField.tsx';
import { useT } from '../../lib/i18n.tsx';

/** A profile as the form starts from: the teacher's own (with the trial rate they edit) or the admin's view of it (without). */
export type ProfileShown = OwnTeacherProfile | AdminTeacher;

/** The form's text for each field of a profile. */
function typedFields(p: ProfileShown): TeacherProfileFormInput {
  return {
    bio: p.bio ?? '',
    city: p.city ?? '',
    country: p.country ?? '',
    specializations: p.specializations.join(', '),
    hourlyRate: String(num(p.hourlyRate)),
    ...('trialRate' in p ? { trialRate: p.trialRate === null ? '' : String(p.trialRate) } : {}),
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
  initial: ProfileShown;
  onSave: (p: TeacherProfile) => void;
  pending: boolean;
  imageAddress?: boolean;
}) {
  const t = useT();
  const form = useForm<TeacherProfileFormInput, unknown, TeacherProfile>({ resolver: contractResolver(teacherProfileFormSchema), defaultValues: typedFields(initial) });
  // Fresh data (after a photo upload, say) replaces the fields nobody has touched, not what is being typed.
  useEffect(() => form.reset(typedFields(initial), { keepDirtyValues: true }), [initial, form]);
  const photoUrl = form.watch('profileImageUrl');
  const { errors } = form.formState;
  const field = (name: keyof TeacherProfileFormInput) => ({ input: form.register(name), ...fieldError(errors[name]) });
  const submit = form.handleSubmit(onSave, (invalid) => toastInvalid(invalid, missingFieldsToast()));
  const text = (label: string, f: ReturnType<typeof field>, extra: ComponentProps<typeof Input> = {}, help?: string, required?: boolean) => (
    <Field.Root required={required} invalid={f.invalid}>
      <Field.Label>{label}</Field.Label>
      <Input {...extra} {...f.input} />
      {f.error ? <Field.ErrorText>{f.error}</Field.ErrorText> : help && <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
  const bio = field('bio');
  return (
    <form onSubmit={submit} aria-label={t('teacher.profileEditor.form')}>
      <Stack gap="4">
        <PhotoField
          teacherId={owner.id}
          person={{ firstName: owner.firstName, lastName: owner.lastName, profileImageUrl: photoUrl || null }}
          onChange={(url) => form.setValue('profileImageUrl', url ?? '')}
        />
        <Field.Root invalid={bio.invalid}>
          <Field.Label>{t('teacher.profileEditor.bio')}</Field.Label>
          <Textarea rows={5} {...bio.input} />
          {bio.error && <Field.ErrorText>{bio.error}</Field.ErrorText>}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text(t('public.register.city'), field('city'))}
          {text(t('teacher.profileEditor.country'), field('country'))}
          {text(t('teacher.profileEditor.specializations'), field('specializations'), {}, t('teacher.profileEditor.specializationsHelp'))}
          {text(t('teacher.profileEditor.rate'), field('hourlyRate'), { type: 'number', min: 1, step: '0.5', inputMode: 'decimal' }, undefined, true)}
          {'trialRate' in initial &&
            text(
              t('teacher.profileEditor.trialRate'),
              field('trialRate'),
              { type: 'number', min: 1, step: '1', inputMode: 'numeric' },
              t('teacher.profileEditor.trialRateHelp'),
            )}
          {imageAddress &&
            text(t('teacher.profileEditor.imageAddress'), field('profileImageUrl'), { inputMode: 'url' }, t('teacher.profileEditor.imageAddressHelp'))}
          {/* i18n-ignore: an example address, the same in every language. */}
          {text(t('student.lessonDetails.meetingLink'), field('googleMeetLink'), { type: 'url', placeholder: 'https://meet.google.com/...' })}
        </SimpleGrid>
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={pending} loadingText={t('common.profilePage.saving')}>
          {t('teacher.profileEditor.saveProfile')}
        </Button>
      </Stack>
    </form>
  );
}

export default TeacherProfileForm;
