import { Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/app/AppLayout.tsx';
import { QueryView } from '../../components/app/states.tsx';
import { num } from '../../components/app/format.ts';

/** One student with the hours summary (fields named as accounts serves them). */
export interface AdminStudent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive?: boolean;
  remainingHours?: number | string;
  totalHours?: number | string;
  packages?: number;
  lessonsCompleted?: number;
  createdAt?: string;
}

/** /admin/students: every student with the hours they have. */
export default function AdminStudents() {
  const students = useQuery<AdminStudent[]>({ queryKey: ['/api/admin/students'] });
  return (
    <Stack gap="6">
      <PageHeader title="Students" subtitle="Every student and the hours they hold." />
      <QueryView query={students} isEmpty={(s) => s.length === 0} empty="No students yet.">
        {(list) => (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label="Students">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Student</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Hours left</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Hours bought</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Packages</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell fontWeight="medium">
                      {s.firstName} {s.lastName}
                    </Table.Cell>
                    <Table.Cell wordBreak="break-all">{s.email}</Table.Cell>
                    <Table.Cell textAlign="end">{num(s.remainingHours)}</Table.Cell>
                    <Table.Cell textAlign="end">{num(s.totalHours)}</Table.Cell>
                    <Table.Cell textAlign="end">{s.packages ?? 0}</Table.Cell>
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
