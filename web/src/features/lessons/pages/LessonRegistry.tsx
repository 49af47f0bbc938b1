import { useEffect, useMemo, useState } from 'react';
import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth.ts';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { LessonList } from '../LessonList.tsx';
import { LoadMore, QueryView } from '../../../components/app/states.tsx';
import type { Booking } from '@parliamo/domain/contracts';
import { SelectField } from '../../../components/FormFields.tsx';
import { lessonQueries } from '../queries.ts';
import { useEarlierLessons } from '../use-earlier-lessons.ts';
import { useT } from '../../../lib/i18n.tsx';


/** /lesson-registry: the lessons (the recent ones and what is ahead, earlier ones on demand), filtered by status, person and date range. */
export default function LessonRegistry() {
  const { user } = useAuth();
  const viewer = user?.role === 'teacher' ? 'teacher' : 'student';
  const bookings = useQuery(lessonQueries.bookings());
  const earlier = useEarlierLessons(bookings.data);
  const lessons = useMemo(() => [...earlier.lessons, ...(bookings.data ?? [])], [earlier.lessons, bookings.data]);
  // ?lesson=<id> (a link from a package's history on My Hours) opens that lesson's details; a lesson
  // before the window is looked for in the earlier pages, one after the other, until it shows.
  const [params] = useSearchParams();
  const openId = params.get('lesson') ?? undefined;
  const openFound = !!openId && lessons.some((b) => b.id === openId);
  const seekOpen = !!openId && !openFound && !!bookings.data && !earlier.ended && !earlier.loading && !earlier.error;
  useEffect(() => {
    if (seekOpen) earlier.loadEarlier();
  }, [seekOpen, lessons.length]);
  const [status, setStatus] = useState('');
  const [person, setPerson] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const t = useT();
  const who = (b: Booking) => (viewer === 'student' ? b.teacherName : b.studentName);
  const personKey = (b: Booking) => (viewer === 'student' ? b.teacherId : b.studentId);

  const people = useMemo(() => {
    const map = new Map<string, string>();
    for (const b of lessons) map.set(personKey(b), who(b));
    return [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [lessons, viewer]);
  const filtered = lessons
    .filter((b) => (!status || b.status === status) && (!person || personKey(b) === person) && (!from || b.date >= from) && (!to || b.date <= to))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));

  return (
    <Stack gap="6">
      <AppPageHeader title={t('common.appNav.lessonRegistry')} subtitle={t('student.registry.subtitle')} />
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" as="form" role="search" aria-label={t('student.registry.filter')} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label={t('student.lessonDetails.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t('student.registry.allStatuses') },
            { value: 'confirmed', label: t('student.registry.confirmed') },
            { value: 'completed', label: t('student.registry.completed') },
            { value: 'cancelled', label: t('student.registry.cancelled') },
          ]}
        />
        <SelectField
          label={viewer === 'student' ? t('student.lessonDetails.teacher') : t('student.lessonDetails.student')}
          value={person}
          onChange={setPerson}
          options={[{ value: '', label: t('student.registry.everyone') }, ...people]}
        />
        <Field.Root>
          <Field.Label>{t('student.registry.from')}</Field.Label>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('student.registry.to')}</Field.Label>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field.Root>
      </SimpleGrid>
      <QueryView query={bookings} isEmpty={() => lessons.length === 0} empty={t('student.registry.empty')}>
        {() =>
          filtered.length === 0 ? (
            <Text color="fg.muted">{t('student.registry.noMatch')}</Text>
          ) : (
            <Stack gap="2">
              <Text color="fg.muted" fontSize="sm" aria-live="polite">
                {t('student.registry.count', { count: filtered.length })}
              </Text>
              {/* Mounted again once the lesson to open has come, so that it opens. */}
              <LessonList key={openFound ? 'open' : 'list'} bookings={filtered} viewer={viewer} openId={openId} />
            </Stack>
          )
        }
      </QueryView>
      {bookings.data && (
        <LoadMore
          label={t('student.registry.earlier')}
          endText={t('student.registry.noEarlier')}
          onLoad={earlier.loadEarlier}
          loading={earlier.loading}
          ended={earlier.ended}
          error={earlier.error}
        />
      )}
    </Stack>
  );
}
