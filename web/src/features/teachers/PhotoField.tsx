import { useRef, useState } from 'react';
import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO, type PhotoAnswer } from '@parliamo/domain/contracts/teachers';
import { apiRequest, apiUpload, errorMessage } from '../../lib/api.ts';
import { invalidate } from '../../lib/queries.ts';
import { teacherChanges } from './queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { TeacherAvatar, type Portrait } from '../../components/TeacherAvatar.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorText } from '../../lib/i18n-store.ts';

const ACCEPTED = new Set(PHOTO.accept.split(','));

/** What is wrong with a picked file before it is sent (the server checks the content again). */
function refusal(file: File): string | null {
  if (file.size > PHOTO.maxBytes) return errorText(PHOTO.messages.tooBig);
  if (!ACCEPTED.has(file.type)) return errorText(PHOTO.messages.wrongType);
  return null;
}

/**
 * A teacher's photo: the portrait as students see it (initials without one), a button that uploads a
 * new one at once, and one that removes it. `onChange` gets the new address (null once removed).
 */
export function PhotoField({ teacherId, person, onChange }: { teacherId: string; person: Portrait; onChange?: (url: string | null) => void }) {
  const qc = useQueryClient();
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const path = `/api/teachers/${encodeURIComponent(teacherId)}/photo`;
  const done = async (res: Response, title: string) => {
    const { profileImageUrl } = (await res.json()) as PhotoAnswer;
    onChange?.(profileImageUrl);
    toaster.create({ type: 'success', title, description: t('teacher.photo.seen') });
    await invalidate(qc, teacherChanges.photoChanged);
  };
  const failed = (e: unknown) => setProblem(errorMessage(e, t('teacher.photo.failed')));
  const upload = useMutation({ mutationFn: (file: File) => apiUpload(path, 'photo', file), onSuccess: (res) => done(res, t('teacher.photo.saved')), onError: failed });
  const remove = useMutation({ mutationFn: () => apiRequest('DELETE', path), onSuccess: (res) => done(res, t('teacher.photo.removed')), onError: failed });
  const picked = (file: File | undefined) => {
    if (!file) return;
    const why = refusal(file);
    setProblem(why);
    if (!why) upload.mutate(file);
  };
  return (
    <Field.Root invalid={problem !== null}>
      <Field.Label>{t('teacher.photo.label')}</Field.Label>
      <HStack gap="4" align="center" wrap="wrap">
        <TeacherAvatar teacher={person} size={96} testId="photo-preview" />
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" colorPalette="green" loading={upload.isPending} loadingText={t('teacher.photo.uploading')} onClick={() => input.current?.click()}>
              {person.profileImageUrl ? t('teacher.photo.change') : t('teacher.photo.upload')}
            </Button>
            {person.profileImageUrl && (
              <Button variant="ghost" loading={remove.isPending} loadingText={t('teacher.photo.removing')} onClick={() => remove.mutate()}>
                {t('teacher.photo.remove')}
              </Button>
            )}
          </HStack>
          <input
            ref={input}
            type="file"
            accept={PHOTO.accept}
            hidden
            data-testid="photo-input"
            onChange={(e) => {
              picked(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {problem ? (
            <Field.ErrorText role="alert">{problem}</Field.ErrorText>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('teacher.photo.help')}
            </Text>
          )}
        </Stack>
      </HStack>
    </Field.Root>
  );
}
