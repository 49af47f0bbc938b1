import { Suspense, useEffect } from 'react';
import { Badge, Box, Button, Checkbox, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminTeacherUpdateSchema, MESSAGES } from '@parliamo/domain/contracts/accounts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, toastInvalid } from '../../../components/form-errors.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { LoadingRows, QueryView } from '../../../components/app/states.tsx';
import { rateLabel } from '../../../lib/format.ts';
import type { AdminTeacher, TeacherProfile } from '@parliamo/domain/contracts';
import { TeacherProfileForm } from '../../teachers/index.ts';

/** The account part of PUT /api/admin/teachers/:id, checked with the API's own schema. */
const accountSchema = adminTeacherUpdateSchema.pick({ firstName: true, lastName: true, isActive: true, isApproved: true });
type AccountFields = z.output<typeof accountSchema>;
import { invalidate } from '../../../lib/queries.ts';
import { adminChanges, adminQueries } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';
import { errorText } from '../../../lib/i18n-store.ts';

function useTeacher() {
  const { id = '' } = useParams();
  const path = `/api/admin/teachers/${encodeURIComponent(id)}`;
  return { id, path, teacher: useQuery(adminQueries.adminTeacher(id)) };
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="div">{children}</Text>
    </Box>
  );
}

/** /admin/teacher/{id}: one teacher as the school sees them. */
export default function AdminTeacher() {
  const { id, teacher } = useTeacher();
  const t = useT();
  return (
    <QueryView query={teacher} rows={4}>
      {(p) => (
        <Stack gap="6">
          <AppPageHeader
            title={`${p.firstName} ${p.lastName}`}
            subtitle={p.email}
            actions={
              <Button asChild colorPalette="green">
                <Link to={`/admin/teacher/${id}/edit`}>{t('admin.teacher.edit')}</Link>
              </Button>
            }
          />
          <Panel title={t('admin.teacher.profile')}>
            <Stack gap="4">
              <HStack gap="2">
                <Badge colorPalette={p.isActive ? 'green' : 'red'}>{t(p.isActive ? 'admin.teacher.active' : 'admin.teacher.inactive')}</Badge>
                <Badge colorPalette={p.isApproved ? 'green' : 'orange'}>{t(p.isApproved ? 'admin.teacher.approved' : 'admin.teacher.awaiting')}</Badge>
              </HStack>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <Fact label={t('admin.teacher.hourlyRate')}>{rateLabel(p.hourlyRate)}</Fact>
                <Fact label={t('admin.teacher.location')}>{[p.city, p.country].filter(Boolean).join(', ') || t('common.format.italy')}</Fact>
                <Fact label={t('admin.teacher.specializations')}>{p.specializations.join(', ') || t('admin.teacher.none')}</Fact>
              </SimpleGrid>
              <Fact label={t('admin.teacher.bio')}>{p.bio || t('admin.teacher.noBio')}</Fact>
              <Fact label={t('admin.teacher.meetingLink')}>{p.googleMeetLink || t('admin.teacher.none')}</Fact>
              <Button asChild variant="outline" alignSelf="flex-start">
                <Link to={`/teacher/${id}`}>{t('admin.teacher.publicPage')}</Link>
              </Button>
            </Stack>
          </Panel>
        </Stack>
      )}
    </QueryView>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} colorPalette="green">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function EditForm({ id, path, teacher }: { id: string; path: string; teacher: AdminTeacher }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  const form = useForm<AccountFields, unknown, AccountFields>({
    resolver: contractResolver(accountSchema),
    defaultValues: { firstName: teacher.firstName, lastName: teacher.lastName, isActive: teacher.isActive, isApproved: teacher.isApproved },
  });
  const { errors } = form.formState;
  const [isActive, isApproved] = form.watch(['isActive', 'isApproved']);
  const firstName = fieldError(errors.firstName);
  const lastName = fieldError(errors.lastName);
  // The profile form's Save sends both: the account fields checked here, the profile there.
  const saveWith = (profile: TeacherProfile) =>
    form.handleSubmit(
      (account) => save.mutate({ ...profile, ...account, bio: profile.bio ?? '' }),
      (invalid) => toastInvalid(invalid, { title: t('admin.teacher.invalidTitle'), description: errorText(MESSAGES.requiredFieldsMissing) }),
    )();
  const save = useMutation({
    mutationFn: async (body: object) => apiRequest('PUT', path, body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('admin.teacher.saved.title'), description: t('admin.teacher.saved.description') });
      await invalidate(qc, adminChanges.teacherSavedByAdmin);
      navigate(`/admin/teacher/${id}`);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.teacher.saveFailed')) }),
  });
  return (
    <Stack gap="6">
      <Panel title={t('admin.teacher.account')}>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required invalid={firstName.invalid}>
              <Field.Label>{t('admin.teacher.firstName')}</Field.Label>
              <Input {...form.register('firstName')} />
              {firstName.error && <Field.ErrorText>{firstName.error}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={lastName.invalid}>
              <Field.Label>{t('admin.teacher.lastName')}</Field.Label>
              <Input {...form.register('lastName')} />
              {lastName.error && <Field.ErrorText>{lastName.error}</Field.ErrorText>}
            </Field.Root>
          </SimpleGrid>
          <HStack gap="6" wrap="wrap">
            <Check label={t('admin.teacher.activeCheck')} checked={isActive} onChange={(v) => form.setValue('isActive', v)} />
            <Check label={t('admin.teacher.approvedCheck')} checked={isApproved} onChange={(v) => form.setValue('isApproved', v)} />
          </HStack>
        </Stack>
      </Panel>
      <Panel title={t('admin.teacher.publicProfile')}>
        <Suspense fallback={<LoadingRows rows={4} />}>
          <TeacherProfileForm owner={teacher} initial={teacher} onSave={(profile) => void saveWith(profile)} pending={save.isPending} imageAddress />
        </Suspense>
      </Panel>
    </Stack>
  );
}

/** /admin/teacher/{id}/edit: the school edits a teacher's account, public profile and rate. */
export function AdminTeacherEdit() {
  const { id, path, teacher } = useTeacher();
  const t = useT();
  useEffect(() => void TeacherProfileForm.preload(), []);
  return (
    <QueryView query={teacher} rows={4}>
      {(p) => (
        <Stack gap="6">
          <AppPageHeader title={t('admin.teacher.editTitle', { name: `${p.firstName} ${p.lastName}` })} subtitle={p.email} />
          <EditForm id={id} path={path} teacher={p} />
        </Stack>
      )}
    </QueryView>
  );
}
