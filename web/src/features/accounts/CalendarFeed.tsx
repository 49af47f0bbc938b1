import { useState } from 'react';
import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { CalendarTokenAnswer } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The private calendar feed: a secret .ics address for Google Calendar, Outlook or Apple Calendar.
 * Making a new address (or changing the password) turns the old one off, so a leaked link can be revoked.
 */
export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const t = useT();
  const create = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/calendar/token')).json()) as CalendarTokenAnswer,
    onSuccess: (data) => setUrl(data.url),
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('student.calendarFeed.failed')) }),
  });
  return (
    <Stack gap="3" align="flex-start">
      <Text color="fg.muted">
        {t('student.calendarFeed.text')}
      </Text>
      {url && (
        <Stack gap="1" w="full">
          <Text fontWeight="medium">{t('student.calendarFeed.address')}</Text>
          <Code p="2" w="full" wordBreak="break-all" aria-label={t('student.calendarFeed.address')}>
            {url}
          </Code>
        </Stack>
      )}
      <Button variant="outline" loading={create.isPending} loadingText={t('student.calendarFeed.creating')} onClick={() => create.mutate()}>
        {url ? t('student.calendarFeed.renew') : t('student.calendarFeed.create')}
      </Button>
    </Stack>
  );
}
