import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../lib/auth.ts';
import { instantLabel } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.tsx';
import { PageTitle, Waiting } from '../ui.tsx';
import { useLiveMessages } from '../live.ts';
import { messageQueries } from '../queries.ts';
import { otherPerson, personName } from '../names.ts';

/** Messages: my conversations, newest activity first, each with its unread count. */
export default function ConversationsPage() {
  const t = useT();
  const { user } = useAuth();
  useLiveMessages();
  const { data, isLoading } = useQuery(messageQueries.list());
  if (isLoading || !data) return <Waiting />;
  return (
    <Stack gap="4">
      <PageTitle title={t('messages.title')} />
      {data.conversations.length === 0 ? (
        <Text color="fg.muted">{t(user?.role === 'teacher' ? 'messages.emptyTeacher' : 'messages.emptyStudent')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" data-testid="conversation-list">
          {data.conversations.map((c) => {
            const other = otherPerson(c, user?.role);
            return (
              <li key={c.id}>
                <Box asChild display="block" borderWidth="1px" borderRadius="md" p="3" _hover={{ bg: 'bg.muted' }} _focusVisible={{ outline: '2px solid', outlineColor: 'green.600' }}>
                  <Link to={`/messages/${c.id}`}>
                    <HStack justify="space-between" gap="3">
                      <Text fontWeight={c.unread > 0 ? 'bold' : 'medium'}>{personName(other, t)}</Text>
                      <HStack gap="2">
                        {c.blocked && <Badge colorPalette="gray">{t('messages.blocked')}</Badge>}
                        {c.unread > 0 && (
                          <Badge colorPalette="red" variant="solid" borderRadius="full">
                            {t('messages.unread', { count: c.unread })}
                          </Badge>
                        )}
                      </HStack>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {t('messages.lastActivity', { when: instantLabel(c.lastMessageAt) })}
                    </Text>
                  </Link>
                </Box>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
