import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, num, romeDate } from '../../lib/format.ts';
import { queries } from '../../lib/queries.ts';
import { useT } from '../../lib/i18n.tsx';

/** One student with the hours summary. */
import type { AdminStudent } from '@parliamo/domain/contracts';

export type { AdminStudent };

/** /admin/students: every student; the hours columns show when the server sends an hours summary. */
export default function AdminStudents() {
  const students = useQuery(queries.adminStudents());
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.students.title')} subtitle={t('admin.students.subtitle')} />
      <QueryView query={students} isEmpty={(s) => s.length === 0} empty={t('admin.students.empty')}>
        {(list) => {
          const hours = list.some((s) => s.remainingHours !== undefined);
          return (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" aria-label={t('admin.students.title')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('admin.students.columns.student')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.students.columns.status')}</Table.ColumnHeader>
                    {hours && <Table.ColumnHeader textAlign="end">{t('admin.students.columns.hoursLeft')}</Table.ColumnHeader>}
                    {hours && <Table.ColumnHeader textAlign="end">{t('admin.students.columns.hoursBought')}</Table.ColumnHeader>}
                    <Table.ColumnHeader>{t('admin.students.columns.joined')}</Table.ColumnHeader>
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
                        <Badge colorPalette={s.isActive === false ? 'red' : 'green'}>{t(s.isActive === false ? 'admin.students.inactive' : 'admin.students.active')}</Badge>
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
