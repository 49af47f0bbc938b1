import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { type Teacher } from '../lib/teachers.ts';
import { rateLabel, teacherLocation, trialLabel, truncate } from '../lib/format.ts';
import { StarRating } from './StarRating.tsx';
import { useT } from '../lib/i18n.tsx';

/** Whose portrait: a teacher, or the signed-in person in the header. */
export type Portrait = Pick<Teacher, 'firstName' | 'lastName' | 'profileImageUrl'>;

/**
 * The person's photo, or their initials in a coloured circle when there is none or it does not load.
 * Written here rather than with Chakra's Avatar, whose recipe put the landing page over its JavaScript
 * budget. Not loading="lazy": the cards are near the top of the pages that show them.
 */
export function TeacherAvatar({ teacher, size = 64, testId = 'teacher-avatar' }: { teacher: Portrait; size?: number; testId?: string }) {
  // Per address, so that a new photo (or a fixed address) gets its own chance to load.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const initials = `${teacher.firstName.charAt(0)}${teacher.lastName.charAt(0)}`;
  const url = teacher.profileImageUrl;
  const photo = url && failed !== url ? url : null;
  const state = photo && loaded === photo ? 'loaded' : 'loading';
  return (
    <Flex
      position="relative"
      w={`${size}px`}
      h={`${size}px`}
      borderRadius="full"
      overflow="hidden"
      bg="green.700"
      color="white"
      flexShrink={0}
      align="center"
      justify="center"
      data-testid={testId}
    >
      {state !== 'loaded' && (
        <Text as="span" aria-hidden="true" fontWeight="bold" fontSize={size > 80 ? '2xl' : size < 40 ? 'xs' : 'lg'}>
          {initials}
        </Text>
      )}
      {photo && (
        <img
          src={photo}
          alt=""
          width={size}
          height={size}
          onLoad={() => setLoaded(photo)}
          onError={() => setFailed(photo)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Flex>
  );
}

/**
 * A teacher in a grid: photo, name, location, bio (cut at 150 characters), up to 2 badges, rate. The
 * name is a heading one level below the section around the grid (h3 under the home page's h2).
 */
export function TeacherCard({ teacher, headingLevel = 'h3' }: { teacher: Teacher; headingLevel?: 'h2' | 'h3' }) {
  const t = useT();
  const name = `${teacher.firstName} ${teacher.lastName}`;
  return (
    <Stack
      as="article"
      data-testid="teacher-card"
      aria-label={name}
      borderWidth="1px"
      borderRadius="xl"
      bg="bg"
      p="5"
      gap="4"
      boxShadow="xs"
      height="100%"
    >
      <HStack gap="4" align="center">
        <TeacherAvatar teacher={teacher} />
        <Box minW="0">
          <Heading as={headingLevel} size="md" lineHeight="1.2">
            {name}
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="teacher-location">
            {teacherLocation(teacher)}
          </Text>
          <StarRating teacher={teacher} />
        </Box>
      </HStack>
      <Text fontSize="sm" color="fg.muted" flex="1" data-testid="teacher-bio">
        {truncate(teacher.bio ?? '', 150)}
      </Text>
      {teacher.specializations.length > 0 && (
        <HStack gap="2" wrap="wrap">
          {teacher.specializations.slice(0, 2).map((s) => (
            <Badge key={s} colorPalette="green" variant="subtle" data-testid="teacher-badge">
              {s}
            </Badge>
          ))}
        </HStack>
      )}
      <Flex align="center" justify="space-between" gap="3" pt="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="bold" color="green.800" data-testid="teacher-rate">
            {rateLabel(teacher.hourlyRate)}
          </Text>
          {teacher.trialRate != null && (
            <Badge colorPalette="orange" variant="surface" data-testid="teacher-trial">
              {trialLabel(teacher.trialRate)}
            </Badge>
          )}
        </HStack>
        <Button asChild size="sm" variant="outline" colorPalette="green">
          <Link to={`/teacher/${teacher.id}`} aria-label={t('public.teacherCard.viewProfileOf', { name })}>
            {t('public.teacherCard.viewProfile')}
          </Link>
        </Button>
      </Flex>
    </Stack>
  );
}
