import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, num, romeDate } from '../../lib/format.ts';
import { queries } from '../../lib/queries.ts';

/** One student with the hours summary. */
import type { AdminStudent } from '@parliamo/domain/contracts';

export type { AdminStudent };

/** /admin/students: every student; the hours columns show when the server sends an hours summary. */
export default function AdminStudents() {
  const students = useQuery(queries.adminStudents());
  return (
    <Stack gap="6">
      <AppPageHeader title="Students" subtitle="Every student of the school." />
      <QueryView query={students} isEmpty={(s) => s.length === 0} empty="No students yet.">
        {(list) => {
          const hours = list.some((s) => s.remainingHours !== undefined);
          return (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label="Students">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Student</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    {hours && <Table.ColumnHeader textAlign="end">Hours left</Table.ColumnHeader>}
                    {hours && <Table.ColumnHeader textAlign="end">Hours bought</Table.ColumnHeader>}
                    <Table.ColumnHeader>Joined</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((s) => (
                    <Table.Row key={s.id}>
                      <Table.Cell>
                        <Text fontWeight="medium">
                          {s.firstName} {s.lastName}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                          {s.email}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={s.isActive === false ? 'red' : 'green'}>{s.isActive === false ? 'inactive' : 'active'}</Badge>
                      </Table.Cell>
                      {hours && <Table.Cell textAlign="end">{num(s.remainingHours)}</Table.Cell>}
                      {hours && <Table.Cell textAlign="end">{num(s.totalHours)}</Table.Cell>}
                      <Table.Cell whiteSpace="nowrap">{s.createdAt ? dateLabel(romeDate(s.createdAt)) : ''}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          );
        }}
      </QueryView>
    </Stack>
  );
}
