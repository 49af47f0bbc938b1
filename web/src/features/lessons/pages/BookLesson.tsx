import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { AppPageHeader } from '../../../components/app/AppPageHeader.tsx';
import { BookingCalendar } from '../BookingCalendar.tsx';
import { Panel } from '../../../components/app/Panel.tsx';
import { packageQueries, PurchaseButton } from '../../packages/index.ts';
import { QueryView } from '../../../components/app/states.tsx';
import { shortName } from '../../../lib/format.ts';
import { hoursLeftWith } from '../lessons.ts';
import { teacherQueries } from '../../teachers/index.ts';
import { useT } from '../../../lib/i18n.tsx';

/** Book a lesson with one teacher: hours left with them, then the calendar of free slots. */
export default function BookLesson() {
  const { teacherId = '' } = useParams();
  const navigate = useNavigate();
  const teacher = useQuery(teacherQueries.teacher(teacherId));
  const packages = useQuery(packageQueries.hourPackages());
  const left = hoursLeftWith(packages.data ?? [], teacherId);
  const tr = useT();
  return (
    <QueryView query={teacher} rows={4}>
      {(t) => {
        const name = shortName(t.firstName, t.lastName);
        return (
          <Stack gap="6">
            <AppPageHeader title={tr('student.book.title', { teacher: name })} subtitle={packages.isLoading ? ' ' : tr('student.book.left', { teacher: name, left })} />
            {!packages.isLoading && left === 0 ? (
              <Panel title={tr('student.book.noHours.title')}>
                <Stack gap="3" align="flex-start">
                  <Text>{tr('student.book.noHours.text', { teacher: name })}</Text>
                  <PurchaseButton teacherId={t.id}>{tr('student.dashboard.buyHours')}</PurchaseButton>
                </Stack>
              </Panel>
            ) : (
              <Panel title={tr('student.book.choose')}>
                <BookingCalendar teacherId={t.id} teacherName={name} onBooked={() => navigate('/')} />
              </Panel>
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}
