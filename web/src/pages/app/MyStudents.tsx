import { Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { dateLabel, hourLabel } from '../../lib/format.ts';
import type { TeacherStudent } from '../../components/app/types.ts';
import { queries } from '../../lib/queries.ts';

function nextLessonLabel(n: TeacherStudent['nextLesson']): string {
  if (!n) return 'None booked';
  if (typeof n === 'string') return n;
  return `${dateLabel(n.date)}, ${hourLabel(n.hour)}`;
}

/** /my-students: the teacher's students, their hours left, lessons done and next lesson. */
export default function MyStudents() {
  const students = useQuery(queries.teacherStudents());
  return (
    <Stack gap="6">
      <AppPageHeader title="My Students" subtitle="Everyone who bought hours with you." />
      <QueryView query={students} isEmpty={(s) => s.length === 0} empty="No students yet. Students appear here when they buy hours with you.">
        {(list) => (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root aria-label="My students">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Student</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Hours left</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Lessons done</Table.ColumnHeader>
                  <Table.ColumnHeader>Next lesson</Table.ColumnHeader>
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
    </Stack>
  );
}
