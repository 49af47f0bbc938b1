import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { type Teacher } from './teachers.ts';
import { rateLabel, teacherLocation, trialLabel, truncate } from '../../lib/format.ts';
import { StarRating } from './StarRating.tsx';
import { TeacherAvatar } from '../../components/TeacherAvatar.tsx';
import { useT } from '../../lib/i18n.tsx';

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
