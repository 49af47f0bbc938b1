import { useMemo, useState } from 'react';
import { Alert, Box, Button, Field, Flex, HStack, SimpleGrid, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasBookingNotice } from '@parliamo/domain/rules';
import { useForm } from 'react-hook-form';
import { bookingSchema, MAX_NOTES, type BookingBody } from '@parliamo/domain/contracts/lessons';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { toastInvalid } from '../form-errors.ts';
import { toaster } from '../toaster.tsx';
import { sendToLogin } from './auth-guard.ts';
import { dateLabel, hourLabel, localTimeIfDifferent, romeDate, romeToInstant, sentence } from '../../lib/format.ts';
import { ErrorNotice, LoadingRows } from './states.tsx';
import type { Booking, Slot } from './types.ts';
import { invalidate, queries } from '../../lib/queries.ts';

const WEEKS = 4;

type BookingInput = z.input<typeof bookingSchema>;

/** Free slots of a teacher in Rome time, a week at a time; pick one, add notes, confirm; a week that crosses a daylight-saving change keeps its hours in Rome time. */
export function BookingCalendar({ teacherId, teacherName, onBooked }: { teacherId: string; teacherName: string; onBooked?: (b: Booking) => void }) {
  const [now] = useState(() => new Date());
  const [week, setWeek] = useState(0);
  const [day, setDay] = useState<string | null>(null);
  const noSlot: BookingInput = { teacherId, date: '', hour: 0, notes: '' };
  const form = useForm<BookingInput, unknown, BookingBody>({ resolver: contractResolver(bookingSchema), defaultValues: noSlot });
  const [date, hour] = form.watch(['date', 'hour']);
  const slot: Slot | null = date ? { date, hour } : null;
  const setSlot = (s: Slot | null) => {
    form.setValue('date', s?.date ?? '');
    form.setValue('hour', s?.hour ?? 0);
  };
  const qc = useQueryClient();
  const from = romeDate(now, 0);
  const to = romeDate(now, WEEKS * 7 - 1);
  const slots = useQuery(queries.availability(teacherId, from, to));

  const byDay = useMemo(() => {
    const map = new Map<string, number[]>();
    for (const s of slots.data ?? []) {
      const start = romeToInstant(s.date, s.hour);
      if (!start || !hasBookingNotice(start, now)) continue;
      map.set(s.date, [...(map.get(s.date) ?? []), s.hour].sort((a, b) => a - b));
    }
    return map;
  }, [slots.data, now]);
  const days = Array.from({ length: 7 }, (_, i) => romeDate(now, week * 7 + i));

  const book = useMutation({
    mutationFn: async (body: BookingBody) =>
      (await (await apiRequest('POST', '/api/bookings', body)).json()) as Booking,
    onSuccess: async (b) => {
      toaster.create({ type: 'success', title: 'Lesson booked', description: sentence(`${dateLabel(b.date)} at ${hourLabel(b.hour)} with ${teacherName}`) });
      form.reset(noSlot);
      await invalidate(qc, 'lessonBooked');
      onBooked?.(b);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
      else void invalidate(qc, 'bookingRefused');
    },
  });

  if (slots.isLoading) return <LoadingRows rows={3} label="Loading free slots" />;
  if (slots.error) return <ErrorNotice error={slots.error} />;
  const hours = day ? (byDay.get(day) ?? []) : [];
  const longDate = (d: string) => dateLabel(d, { weekday: 'long', day: 'numeric', month: 'long' });

  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        Times are Rome time (Europe/Rome). Lessons last 60 minutes and must be booked at least 48 hours ahead; you can cancel up to 48 hours
        before for your hour back.
      </Text>
      <HStack justify="space-between">
        <Button size="sm" variant="outline" disabled={week === 0} onClick={() => setWeek((w) => w - 1)} aria-label="Previous week">
          ← <Text as="span" display={{ base: 'none', sm: 'inline' }}>Previous week</Text>
        </Button>
        <Text fontWeight="medium" aria-live="polite">
          {dateLabel(days[0]!, { day: 'numeric', month: 'short' })} - {dateLabel(days[6]!, { day: 'numeric', month: 'short' })}
        </Text>
        <Button size="sm" variant="outline" disabled={week === WEEKS - 1} onClick={() => setWeek((w) => w + 1)} aria-label="Next week">
          <Text as="span" display={{ base: 'none', sm: 'inline' }}>Next week</Text> →
        </Button>
      </HStack>
      <SimpleGrid columns={7} gap={{ base: '1', sm: '2' }} role="group" aria-label="Days">
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
              <VisuallyHidden>{`${longDate(d)}, ${n === 0 ? 'no free slots' : `${n} free ${n === 1 ? 'slot' : 'slots'}`}`}</VisuallyHidden>
              <Text as="span" fontSize="xs" aria-hidden="true">
                {dateLabel(d, { weekday: 'short' })}
              </Text>
              <Text as="span" fontSize="lg" fontWeight="bold" aria-hidden="true">
                {dateLabel(d, { day: 'numeric' })}
              </Text>
              <Text as="span" fontSize="2xs" display={{ base: 'none', sm: 'inline' }} aria-hidden="true">
                {n === 0 ? 'none' : `${n} free`}
              </Text>
            </Button>
          );
        })}
      </SimpleGrid>
      {byDay.size === 0 && <Text color="fg.muted">No free slots in the next {WEEKS} weeks.</Text>}
      {day && (
        <Box>
          <Text fontWeight="medium" mb="2">
            Free slots on {longDate(day)}
          </Text>
          <Flex gap="2" wrap="wrap" role="group" aria-label={`Free slots on ${longDate(day)}`}>
            {hours.map((h) => {
              const local = localTimeIfDifferent(day, h);
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
                  <VisuallyHidden> Rome time</VisuallyHidden>
                  {local && (
                    <Text as="span" fontSize="xs" ml="1">
                      ({local.startsWith(dateLabel(day, { weekday: 'short' })) ? local.split(' ').pop() : local} yours)
                    </Text>
                  )}
                </Button>
              );
            })}
          </Flex>
        </Box>
      )}
      {slot && (
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="4">
          <Text fontWeight="semibold">
            {longDate(slot.date)} at {hourLabel(slot.hour)} Rome time with {teacherName}
          </Text>
          <Field.Root>
            <Field.Label>Notes for your teacher (optional)</Field.Label>
            <Textarea maxLength={MAX_NOTES} {...form.register('notes')} placeholder="What would you like to work on?" />
          </Field.Root>
          {book.error && !isUnauthorizedError(book.error) && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{errorMessage(book.error, 'The lesson could not be booked.')}</Alert.Description>
            </Alert.Root>
          )}
          <Button
            colorPalette="green"
            alignSelf="flex-start"
            loading={book.isPending}
            loadingText="Booking..."
            onClick={form.handleSubmit(
              ({ notes, ...lesson }) => book.mutate({ ...lesson, ...(notes?.trim() ? { notes: notes.trim() } : {}) }),
              (invalid) => toastInvalid(invalid, { title: 'Error', description: 'Please choose a free slot.' }),
            )}
          >
            Confirm Booking
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

export default BookingCalendar;
