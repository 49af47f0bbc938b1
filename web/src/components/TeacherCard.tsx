import { Badge, Box, Button, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { type Teacher } from '../lib/teachers.ts';
import { rateLabel, teacherLocation, truncate } from '../lib/format.ts';

/** Initials in a coloured circle, or the teacher's photo when there is one. */
export function TeacherAvatar({ teacher, size = 64 }: { teacher: Teacher; size?: number }) {
  const initials = `${teacher.firstName.charAt(0)}${teacher.lastName.charAt(0)}`;
  if (teacher.profileImageUrl) {
    return (
      <Image
        src={teacher.profileImageUrl}
        alt=""
        width={`${size}px`}
        height={`${size}px`}
        borderRadius="full"
        objectFit="cover"
        loading="lazy"
        flexShrink={0}
      />
    );
  }
  return (
    <Flex
      aria-hidden="true"
      w={`${size}px`}
      h={`${size}px`}
      borderRadius="full"
      bg="green.700"
      color="white"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize={size > 80 ? '2xl' : 'lg'}
      flexShrink={0}
    >
      {initials}
    </Flex>
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
