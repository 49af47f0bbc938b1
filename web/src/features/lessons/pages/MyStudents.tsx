import { Stack, Table } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { LoadMore, QueryView } from '../../../components/app/states.tsx';
import { dateLabel, hourLabel } from '../../../lib/format.ts';
import type { TeacherStudent } from '@parliamo/domain/contracts';
import { lessonQueries } from '../queries.ts';
import { useT } from '../../../lib/i18n.tsx';
import { t } from '../../../lib/i18n-store.ts';

function nextLessonLabel(n: TeacherStudent['nextLesson']): string {
  if (!n) return t('teacher.myStudents.noneBooked');
  if (typeof n === 'string') return n;
  return t('teacher.myStudents.nextWhen', { date: dateLabel(n.date), time: hourLabel(n.hour) });
}

/** /my-students: the teacher's students by name, a page at a time: their hours left, lessons done and next lesson. */
export default function MyStudents() {
  const students = useInfiniteQuery({ ...lessonQueries.teacherStudents(), select: (d) => d.pages.flatMap((p) => p.students) });
  const t = useT();
  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.appNav.myStudents')} subtitle={t('teacher.myStudents.subtitle')} />
      <QueryView query={students} isEmpty={(s) => s.length === 0} empty={t('teacher.myStudents.empty')}>
        {(list) => (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root aria-label={t('teacher.myStudents.table')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('teacher.myStudents.student')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('teacher.myStudents.hoursLeft')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('teacher.myStudents.lessonsDone')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('teacher.myStudents.nextLesson')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((s) => (
                  <Table.Row key={s.studentId}>
                    <Table.Cell fontWeight="medium">{s.name}</Table.Cell>
                    <Table.Cell textAlign="end">{s.hoursLeft}</Table.Cell>
                    <Table.Cell textAlign="end">{s.lessonsDone}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{nextLessonLabel(s.nextLesson)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </QueryView>
      {students.data && students.data.length > 0 && (
        <LoadMore
          label={t('teacher.myStudents.more')}
          endText={t('teacher.myStudents.noMore')}
          onLoad={() => void students.fetchNextPage()}
          loading={students.isFetchingNextPage}
          ended={!students.hasNextPage}
          error={students.isFetchNextPageError ? students.error : undefined}
        />
      )}
    </Stack>
  );
}
