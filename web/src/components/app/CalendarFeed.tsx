import { useState } from 'react';
import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../toaster.tsx';

/**
 * The private calendar feed: a secret .ics address for Google Calendar, Outlook or Apple Calendar.
 * Making a new address (or changing the password) turns the old one off, so a leaked link can be revoked.
 */
export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', '/api/calendar/token')).json()) as { url: string },
    onSuccess: (data) => setUrl(data.url),
    onError: (e) => toaster.create({ type: 'error', title: 'Error', description: errorMessage(e, 'Could not create the calendar link.') }),
  });
  return (
    <Stack gap="3" align="flex-start">
      <Text color="fg.muted">
        Subscribe to your lessons from your calendar app with a private address. Anyone with the address can see your
        lessons; making a new one, or changing your password, turns the old one off.
      </Text>
      {url && (
        <Stack gap="1" w="full">
          <Text fontWeight="medium">Your calendar address</Text>
          <Code p="2" w="full" wordBreak="break-all" aria-label="Your calendar address">
            {url}
          </Code>
        </Stack>
      )}
      <Button variant="outline" loading={create.isPending} loadingText="Creating..." onClick={() => create.mutate()}>
        {url ? 'Make a new calendar address' : 'Create calendar address'}
      </Button>
    </Stack>
  );
}
