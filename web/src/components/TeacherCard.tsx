import { Avatar, Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { type Teacher } from '../lib/teachers.ts';
import { rateLabel, teacherLocation, truncate } from '../lib/format.ts';

/**
 * The teacher's photo, or their initials in a coloured circle when there is none or it does not load
 * (Chakra's Avatar shows the fallback until the image has loaded, and again if it fails). Not
 * loading="lazy": the image stays hidden until it loads, and a hidden lazy image never loads.
 */
export function TeacherAvatar({ teacher, size = 64 }: { teacher: Teacher; size?: number }) {
  const initials = `${teacher.firstName.charAt(0)}${teacher.lastName.charAt(0)}`;
  return (
    <Avatar.Root w={`${size}px`} h={`${size}px`} bg="green.700" color="white" flexShrink={0} data-testid="teacher-avatar">
      <Avatar.Fallback aria-hidden="true" fontWeight="bold" fontSize={size > 80 ? '2xl' : 'lg'}>
        {initials}
      </Avatar.Fallback>
      {teacher.profileImageUrl && <Avatar.Image src={teacher.profileImageUrl} alt="" objectFit="cover" />}
    </Avatar.Root>
  );
}

/** A teacher in a grid: photo, name, location, bio (cut at 150 characters), up to 2 badges, rate. */
export function TeacherCard({ teacher }: { teacher: Teacher }) {
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
          <Heading as="h3" size="md" lineHeight="1.2">
            {name}
          </Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="teacher-location">
            {teacherLocation(teacher)}
          </Text>
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
        <Text fontWeight="bold" color="green.800" data-testid="teacher-rate">
          {rateLabel(teacher.hourlyRate)}
        </Text>
        <Button asChild size="sm" variant="outline" colorPalette="green">
          <Link to={`/teacher/${teacher.id}`} aria-label={`View profile of ${name}`}>
            View profile
          </Link>
        </Button>
      </Flex>
    </Stack>
  );
}
