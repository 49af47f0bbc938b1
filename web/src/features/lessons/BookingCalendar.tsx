import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { hasBookingNotice } from '@parliamo/domain/rules';
import { dateLabel, hourLabel, hoursCount, localTimeIfDifferent, romeDate, romeToInstant, zoneName } from '../../lib/format.ts';
import { useSiteConfig } from '../../lib/site.ts';
import { useDisplayTimeZone } from '../../lib/settings.ts';
import { ErrorNotice, LoadingRows } from '../../components/app/states.tsx';
import { BookingConfirmation, longDate } from './BookingConfirmation.tsx';
import type { Booking, Slot } from '@parliamo/domain/contracts';
import { lessonQueries } from './queries.ts';
import { useT } from '../../lib/i18n.tsx';

const WEEKS = 4;

/**
 * Free slots of a teacher in Rome time, a week at a time; pick one, add notes, confirm; a week that crosses a daylight-saving change keeps its hours in Rome time.
 * `confirm` replaces the booking confirmation of a picked slot (a lesson's move: RescheduleLesson.tsx), `intro` the rules above the weeks.
 * `ownSlots`: the signed-in teacher's own free slots from the next hour on, without the booking notice (a teacher moving their lesson).
 */
export function BookingCalendar({
  teacherId,
  teacherName,
  onBooked,
  confirm,
  intro,
  ownSlots = false,
}: {
  teacherId: string;
  teacherName: string;
  onBooked?: (b: Booking) => void;
  confirm?: (slot: Slot, clear: () => void) => ReactNode;
  intro?: ReactNode;
  ownSlots?: boolean;
}) {
  const [now] = useState(() => new Date());
  const { noticeHours } = useSiteConfig();
  const zone = useDisplayTimeZone();
  const t = useT();
  const [week, setWeek] = useState(0);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const from = romeDate(now, 0);
  const to = romeDate(now, WEEKS * 7 - 1);
  const slots = useQuery(lessonQueries.availability(teacherId, from, to, ownSlots));

  const byDay = useMemo(() => {
    const map = new Map<string, number[]>();
    for (const s of slots.data ?? []) {
      const start = romeToInstant(s.date, s.hour);
      if (!start || !(ownSlots ? start > now : hasBookingNotice(start, now, noticeHours))) continue;
      map.set(s.date, [...(map.get(s.date) ?? []), s.hour].sort((a, b) => a - b));
    }
    return map;
  }, [slots.data, now, noticeHours, ownSlots]);
  const days = Array.from({ length: 7 }, (_, i) => romeDate(now, week * 7 + i));

  if (slots.isLoading) return <LoadingRows rows={3} label={t('student.booking.loading')} />;
  if (slots.error) return <ErrorNotice error={slots.error} />;
  const hours = day ? (byDay.get(day) ?? []) : [];

  return (
    <Stack gap="5">
      {intro ?? (
        <Text color="fg.muted" fontSize="sm">
          {t('student.booking.intro', { local: zone !== 'Europe/Rome' ? 'yes' : 'no', zone: zoneName(zone), notice: hoursCount(noticeHours) })}
        </Text>
      )}
      <HStack justify="space-between">
        <Button size="sm" variant="outline" disabled={week === 0} onClick={() => setWeek((w) => w - 1)} aria-label={t('student.booking.previousWeek')}>
          ← <Text as="span" display={{ base: 'none', sm: 'inline' }}>{t('student.booking.previousWeek')}</Text>
        </Button>
        <Text fontWeight="medium" aria-live="polite">
          {dateLabel(days[0]!, { day: 'numeric', month: 'short' })} - {dateLabel(days[6]!, { day: 'numeric', month: 'short' })}
        </Text>
        <Button size="sm" variant="outline" disabled={week === WEEKS - 1} onClick={() => setWeek((w) => w + 1)} aria-label={t('student.booking.nextWeek')}>
          <Text as="span" display={{ base: 'none', sm: 'inline' }}>{t('student.booking.nextWeek')}</Text> →
        </Button>
      </HStack>
      <SimpleGrid columns={7} gap={{ base: '1', sm: '2' }} role="group" aria-label={t('student.booking.days')}>
        {days.map((d) => {
          const n = byDay.get(d)?.length ?? 0;
          return (
            <Button
              key={d}
              variant={d === day ? 'solid' : 'outline'}
              colorPalette="green"
              height="auto"
              py="2"
              px="0"
              minW="0"
              flexDirection="column"
              gap="0"
              disabled={n === 0}
              aria-pressed={d === day}
              onClick={() => {
                setDay(d);
                setSlot(null);
              }}
            >
              <VisuallyHidden>{t('student.booking.dayLabel', { date: longDate(d), count: n })}</VisuallyHidden>
              <Text as="span" fontSize="xs" aria-hidden="true">
                {dateLabel(d, { weekday: 'short' })}
              </Text>
              <Text as="span" fontSize="lg" fontWeight="bold" aria-hidden="true">
                {dateLabel(d, { day: 'numeric' })}
              </Text>
              <Text as="span" fontSize="2xs" display={{ base: 'none', sm: 'inline' }} aria-hidden="true">
                {t('student.booking.dayCount', { count: n })}
              </Text>
            </Button>
          );
        })}
      </SimpleGrid>
      {byDay.size === 0 && <Text color="fg.muted">{t('student.booking.noSlots', { weeks: WEEKS })}</Text>}
      {day && (
        <Box>
          <Text fontWeight="medium" mb="2">
            {t('student.booking.slotsOn', { date: longDate(day) })}
          </Text>
          <Flex gap="2" wrap="wrap" role="group" aria-label={t('student.booking.slotsOn', { date: longDate(day) })}>
            {hours.map((h) => {
              const local = localTimeIfDifferent(day, h, zone);
              const picked = slot?.date === day && slot.hour === h;
              return (
                <Button
                  key={h}
                  variant={picked ? 'solid' : 'outline'}
                  colorPalette="green"
                  aria-pressed={picked}
                  onClick={() => setSlot({ date: day, hour: h })}
                >
                  {hourLabel(h)}
                  <VisuallyHidden> {t('student.booking.romeTime')}</VisuallyHidden>
                  {local && (
                    <Text as="span" fontSize="xs" ml="1">
                      ({local.startsWith(dateLabel(day, { weekday: 'short' })) ? local.split(' ').pop() : local} {zoneName(zone)})
                    </Text>
                  )}
                </Button>
              );
            })}
          </Flex>
        </Box>
      )}
      {slot && confirm?.(slot, () => setSlot(null))}
      {slot && !confirm && (
        <BookingConfirmation
          key={`${slot.date}/${slot.hour}`}
          teacherId={teacherId}
          teacherName={teacherName}
          chosen={slot}
          onBooked={(b) => {
            setSlot(null);
            onBooked?.(b);
          }}
          borderWidth="1px"
          borderRadius="md"
          p="4"
        />
      )}
    </Stack>
  );
}

export default BookingCalendar;
