import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { instantLabel } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { PageTitle, Waiting } from '../ui.tsx';
import { personName } from '../names.ts';
import { messageQueries } from '../queries.ts';

/** The admins' queue: reported conversations, newest report first; each opens read-only. */
export default function ReportedConversationsPage() {
  const t = useT();
  const { data, isLoading } = useQuery(messageQueries.reported());
  if (isLoading || !data) return <Waiting />;
  return (
    <Stack gap="4">
      <PageTitle title={t('messages.reportedTitle')} />
      {data.reports.length === 0 ? (
        <Text color="fg.muted">{t('messages.noReports')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {data.reports.map((r) => (
            <Box as="li" key={`${r.conversation.id}-${r.reportedAt}`} borderWidth="1px" borderRadius="md" p="3">
              <Link to={`/messages/${r.conversation.id}`}>
                <Text fontWeight="semibold" textDecoration="underline">
                  {personName(r.conversation.student, t)} · {personName(r.conversation.teacher, t)}
                </Text>
              </Link>
              <Text fontSize="sm" color="fg.muted">{instantLabel(r.reportedAt)}</Text>
              <Text whiteSpace="pre-wrap">{r.reason}</Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
