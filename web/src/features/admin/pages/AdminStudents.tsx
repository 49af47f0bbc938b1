import { Badge, Field, Input, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminStudent, AdminStudentPage } from '@parliamo/domain/contracts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { MorePageNav } from '../../../components/app/PageNav.tsx';
import { QueryView } from '../../../components/app/states.tsx';
import { dateLabel, num, romeDate } from '../../../lib/format.ts';
import { adminQueries } from '../queries.ts';
import { usePagedFilter, useSearchText } from '../../../lib/use-query-params.ts';
import { useT } from '../../../lib/i18n.tsx';

function StudentsTable({ list }: { list: AdminStudent[] }) {
  const t = useT();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={t('admin.students.title')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('admin.students.columns.student')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.students.columns.status')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.students.columns.hoursLeft')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('admin.students.columns.hoursBought')}</Table.ColumnHeader>
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
                <Badge colorPalette={s.isActive ? 'green' : 'red'}>{t(s.isActive ? 'admin.students.active' : 'admin.students.inactive')}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{num(s.remainingHours)}</Table.Cell>
              <Table.Cell textAlign="end">{num(s.totalHours)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{dateLabel(romeDate(s.createdAt))}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** /admin/students: the school's students by name, a page at a time, with a search on name or email. */
export default function AdminStudents() {
  const { filter, set, goTo } = usePagedFilter(['search']);
  const [text, setText] = useSearchText(filter.search, set);
  const students = useQuery({ ...adminQueries.adminStudents(filter), placeholderData: keepPreviousData });
  const t = useT();
  const empty = (p: AdminStudentPage) => p.students.length === 0 && p.page === 1;
  return (
    <Stack gap="6">
      <AppPageHeader title={t('admin.students.title')} subtitle={t('admin.students.subtitle')} />
      <Stack as="form" role="search" aria-label={t('admin.students.searchForm')} onSubmit={(e) => e.preventDefault()} maxW="md">
        <Field.Root>
          <Field.Label>{t('admin.students.search')}</Field.Label>
          <Input type="search" value={text} placeholder={t('admin.students.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
        </Field.Root>
      </Stack>
      <QueryView query={students} isEmpty={empty} empty={t(filter.search ? 'admin.students.emptyFiltered' : 'admin.students.empty')}>
        {(page) => (
          <Stack gap="3" aria-busy={students.isFetching}>
            {page.students.length > 0 ? <StudentsTable list={page.students} /> : <Text color="fg.muted">{t('admin.students.emptyPage')}</Text>}
            <MorePageNav label={t('admin.students.pages.label')} position={(rows) => t('admin.students.pages.position', rows)} page={page} shown={page.students.length} onPage={goTo} />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
