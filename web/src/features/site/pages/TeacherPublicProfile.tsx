import { Suspense, useMemo, useState } from 'react';
import { Badge, Box, Button, Container, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { TeacherAvatar } from '../../../components/TeacherAvatar.tsx';
import { StarRating, teacherQueries } from '../../teachers/index.ts';
import type { Slot, Teacher } from '@parliamo/domain/contracts';
import { useAuth } from '../../../lib/auth.ts';
import { loginPath } from '../../../lib/next-path.tsx';
import { addDays, dateLabel, hourLabel, rateLabel, romeDate, teacherLocation, trialLabel } from '../../../lib/format.ts';
import { useRuleSentences } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';
import NotFound from '../../../components/NotFound.tsx';
import { BookSlotDialog, hoursLeftWith, lessonQueries } from '../../lessons/index.ts';
import { BuyHours, packageQueries, PurchaseDialog } from '../../packages/index.ts';
import { TeacherReviews } from '../../reviews/index.ts';
import { MessageButton } from '../../messages/index.ts';

const DAYS_AHEAD = 28;
const MAX_DAYS_SHOWN = 6;

/** Free slots grouped by Rome date, earliest first, at most MAX_DAYS_SHOWN days. */
function groupSlots(slots: Slot[]): [string, number[]][] {
  const byDate = new Map<string, number[]>();
  for (const s of [...slots].sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour)) {
    byDate.set(s.date, [...(byDate.get(s.date) ?? []), s.hour]);
  }
  return [...byDate.entries()].slice(0, MAX_DAYS_SHOWN);
}

/** What choosing a free lesson does for this person: sign in first, book it, buy hours first, or nothing (teachers, admins). */
type SlotAction = 'sign-in' | 'book' | 'buy' | null;

function useSlotAction(teacherId: string): { action: SlotAction | 'loading'; hoursLeft: number } {
  const { user } = useAuth();
  const student = user?.role === 'student';
  const packages = useQuery({ ...packageQueries.hourPackages(), enabled: student });
  const hoursLeft = hoursLeftWith(packages.data ?? [], teacherId);
  if (!user) return { action: 'sign-in', hoursLeft };
  if (!student) return { action: null, hoursLeft };
  if (packages.isLoading) return { action: 'loading', hoursLeft };
  // Without the packages (an error) the purchase dialog is the safe choice: buying never double-books.
  return { action: hoursLeft > 0 ? 'book' : 'buy', hoursLeft };
}

/**
 * The next free lessons, by day. Each is a button: a visitor goes to sign in and comes back here; a
 * student with hours left with this teacher gets the booking confirmation, one without the Purchase
 * Hour Package dialog with this teacher chosen.
 */
function NextSlots({ teacher }: { teacher: Teacher }) {
  const t = useT();
  const from = romeDate(new Date());
  const { data, isLoading, isError } = useQuery(lessonQueries.availability(teacher.id, from, addDays(from, DAYS_AHEAD)));
  const { action, hoursLeft } = useSlotAction(teacher.id);
  const [picked, setPicked] = useState<{ slot: Slot; open: boolean } | null>(null);
  const days = useMemo(() => groupSlots(data ?? []), [data]);
  if (isLoading) return <Skeleton height="120px" borderRadius="lg" />;
  if (isError) return <Text color="fg.muted">{t('public.profile.calendarError')}</Text>;
  if (days.length === 0) return <Text color="fg.muted">{t('public.profile.noSlots')}</Text>;
  const slotLabel = (date: string, h: number) =>
    t(action === 'sign-in' ? 'public.profile.slotSignIn' : action === 'buy' ? 'public.profile.slotBuy' : 'public.profile.slot', {
      date: dateLabel(date, { weekday: 'long', day: 'numeric', month: 'long' }),
      time: hourLabel(h),
    });
  const signIn = loginPath(`/teacher/${teacher.id}`);
  const close = (open: boolean) => setPicked((p) => (p && !open ? { ...p, open } : p));
  return (
    <>
      <Stack as="ul" listStyleType="none" gap="3" data-testid="free-slots">
        {days.map(([date, hours]) => (
          <Box as="li" key={date} borderWidth="1px" borderRadius="lg" p="3">
            <Text fontWeight="semibold" mb="2">
              {dateLabel(date)}
            </Text>
            <HStack gap="2" wrap="wrap">
              {hours.map((h) =>
                action === null ? (
                  <Badge key={h} variant="outline" colorPalette="green" size="lg" fontVariantNumeric="tabular-nums">
                    {hourLabel(h)}
                  </Badge>
                ) : action === 'sign-in' ? (
                  <Button key={h} asChild size="sm" variant="outline" colorPalette="green" fontVariantNumeric="tabular-nums">
                    <Link to={signIn} aria-label={slotLabel(date, h)}>
                      {hourLabel(h)}
                    </Link>
                  </Button>
                ) : (
                  <Button
                    key={h}
                    size="sm"
                    variant="outline"
                    colorPalette="green"
                    fontVariantNumeric="tabular-nums"
                    aria-label={slotLabel(date, h)}
                    aria-haspopup="dialog"
                    disabled={action === 'loading'}
                    onClick={() => setPicked({ slot: { date, hour: h }, open: true })}
                  >
                    {hourLabel(h)}
                  </Button>
                ),
              )}
            </HStack>
          </Box>
        ))}
      </Stack>
      {picked && (action === 'book' || action === 'buy') && (
        <Suspense fallback={null}>
          {action === 'book' ? (
            <BookSlotDialog open={picked.open} onOpenChange={close} teacher={teacher} slot={picked.slot} hoursLeft={hoursLeft} />
          ) : (
            <PurchaseDialog open={picked.open} onOpenChange={close} teacherId={teacher.id} />
          )}
        </Suspense>
      )}
    </>
  );
}

/** "Lessons held as booked: 98 % (last 12 months)", once the teacher has 10 lessons in that time. */
function Attendance({ teacherId }: { teacherId: string }) {
  const t = useT();
  const { data } = useQuery(teacherQueries.attendance(teacherId));
  if (data?.percent == null) return null;
  return (
    <Text fontSize="sm" mt="1" data-testid="teacher-attendance">
      {t('public.profile.attendance', { percent: data.percent })}
    </Text>
  );
}

/** /teacher/{id}: the public profile, the next free slots in Rome time (each one books or leads to booking) and a way to buy hours. */
export default function TeacherPublicProfile() {
  const { id = '' } = useParams();
  const t = useT();
  const rules = useRuleSentences();
  const { user } = useAuth();
  const { data: teacher, isLoading, isError } = useQuery(teacherQueries.teacher(id));

  if (isLoading) {
    return (
      <Container maxW="5xl" py="10">
        <Skeleton height="200px" borderRadius="xl" />
      </Container>
    );
  }
  if (isError || !teacher) return <NotFound />;

  const name = `${teacher.firstName} ${teacher.lastName}`;
  return (
    <>
      <PageMeta
        title={t('public.profile.metaTitle', { name })}
        description={t(teacher.specializations.length ? 'public.profile.metaDescriptionWith' : 'public.profile.metaDescription', {
          name,
          specializations: teacher.specializations.join(', '),
          rate: rateLabel(teacher.hourlyRate),
        })}
        keywords={t('public.profile.metaKeywords', { name, specializations: teacher.specializations.join(', ') })}
        path={`/teacher/${teacher.id}`}
      />
      <Box bg="green.50" borderBottomWidth="1px" borderColor="green.100">
        <Container maxW="5xl" py={{ base: '8', md: '12' }}>
          <Flex gap="6" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
            <TeacherAvatar teacher={teacher} size={112} />
            <Box flex="1">
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                {name}
              </Heading>
              <Text color="fg.muted" mt="1">
                {teacherLocation(teacher)}
              </Text>
              <Box mt="1">
                <StarRating teacher={teacher} size="md" />
              </Box>
              <Attendance teacherId={teacher.id} />
              <HStack gap="2" wrap="wrap" mt="3">
                {teacher.specializations.map((s) => (
                  <Badge key={s} colorPalette="green" variant="subtle">
                    {s}
                  </Badge>
                ))}
              </HStack>
            </Box>
            <Stack gap="3" align={{ base: 'stretch', md: 'flex-end' }} w={{ base: '100%', md: 'auto' }}>
              <Text fontSize="2xl" fontWeight="bold" color="green.800">
                {rateLabel(teacher.hourlyRate)}
              </Text>
              {teacher.trialRate != null && (
                <Badge alignSelf={{ base: 'flex-start', md: 'flex-end' }} colorPalette="orange" variant="surface" size="lg" data-testid="teacher-trial">
                  {trialLabel(teacher.trialRate)}
                </Badge>
              )}
              <BuyHours teacher={teacher} />
              {user?.role !== 'teacher' && user?.role !== 'admin' && <MessageButton teacherId={teacher.id} size="md" />}
            </Stack>
          </Flex>
        </Container>
      </Box>
      <Container maxW="5xl" py={{ base: '8', md: '10' }}>
        <Flex gap="10" direction={{ base: 'column', md: 'row' }}>
          <Box flex="1.3">
            <Heading as="h2" size="xl" mb="3">
              {t('public.profile.about', { name: teacher.firstName })}
            </Heading>
            <Text whiteSpace="pre-line">{teacher.bio || t('public.profile.noBio', { name: teacher.firstName })}</Text>
            <Heading as="h2" size="lg" mt="8" mb="3">
              {t('public.profile.howLessons')}
            </Heading>
            <Stack as="ul" gap="1" pl="5" listStyleType="disc">
              <li>{t('public.profile.lessonLength')}</li>
              <li>{rules.booking}</li>
              <li>{rules.cancellation}</li>
              <li>{rules.validity}</li>
              <li>
                {t('public.profile.packages')} {rules.fee}
              </li>
            </Stack>
            <Box as="section" aria-labelledby="reviews-title" mt="8">
              <Heading as="h2" id="reviews-title" size="lg" mb="1">
                {t('public.profile.reviews')}
              </Heading>
              <Suspense fallback={<Skeleton height="80px" borderRadius="md" />}>
                <TeacherReviews teacherId={teacher.id} />
              </Suspense>
            </Box>
          </Box>
          <Box flex="1" as="section" aria-labelledby="slots-title">
            <Heading as="h2" id="slots-title" size="xl" mb="1">
              {t('public.profile.nextSlots')}
            </Heading>
            <Text fontSize="sm" color="fg.muted" mb="4">
              {t('public.profile.romeTime')}
            </Text>
            <NextSlots teacher={teacher} />
            <Button asChild variant="outline" mt="6" size="sm">
              <Link to="/teachers">{t('public.profile.back')}</Link>
            </Button>
          </Box>
        </Flex>
      </Container>
    </>
  );
}
