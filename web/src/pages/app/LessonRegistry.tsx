import { useMemo, useState } from 'react';
import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth.ts';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { LessonList } from '../../components/app/LessonList.tsx';
import { QueryView } from '../../components/app/states.tsx';
import type { Booking } from '../../components/app/types.ts';
import { SelectField } from '../../components/FormFields.tsx';
import { queries } from '../../lib/queries.ts';


/** /lesson-registry: every lesson, filtered by status, person and date range. */
export default function LessonRegistry() {
  const { user } = useAuth();
  const viewer = user?.role === 'teacher' ? 'teacher' : 'student';
  const bookings = useQuery(queries.bookings());
  // ?lesson=<id> (a link from a package's history on My Hours) opens that lesson's details.
  const [params] = useSearchParams();
  const openId = params.get('lesson') ?? undefined;
  const [status, setStatus] = useState('');
  const [person, setPerson] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const who = (b: Booking) => (viewer === 'student' ? b.teacherName : b.studentName);
  const personKey = (b: Booking) => (viewer === 'student' ? b.teacherId : b.studentId);

  const people = useMemo(() => {
    const map = new Map<string, string>();
    for (const b of bookings.data ?? []) map.set(personKey(b), who(b));
    return [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [bookings.data, viewer]);
  const filtered = (bookings.data ?? [])
    .filter((b) => (!status || b.status === status) && (!person || personKey(b) === person) && (!from || b.date >= from) && (!to || b.date <= to))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));

  return (
    <Stack gap="6">
      <AppPageHeader title="Lesson Registry" subtitle="Every lesson you booked, gave or cancelled." />
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" as="form" role="search" aria-label="Filter lessons" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: 'All statuses' },
            { value: 'confirmed', label: 'Confirmed' },
            { value: 'completed', label: 'Completed' },
            { value: 'cancelled', label: 'Cancelled' },
          ]}
        />
        <SelectField label={viewer === 'student' ? 'Teacher' : 'Student'} value={person} onChange={setPerson} options={[{ value: '', label: 'Everyone' }, ...people]} />
        <Field.Root>
          <Field.Label>From</Field.Label>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>To</Field.Label>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field.Root>
      </SimpleGrid>
      <QueryView query={bookings} isEmpty={(b) => b.length === 0} empty="No lessons yet.">
        {() =>
          filtered.length === 0 ? (
            <Text color="fg.muted">No lessons match these filters.</Text>
          ) : (
            <Stack gap="2">
              <Text color="fg.muted" fontSize="sm" aria-live="polite">
                {filtered.length} {filtered.length === 1 ? 'lesson' : 'lessons'}
              </Text>
              <LessonList bookings={filtered} viewer={viewer} openId={openId} />
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
