import { useState } from 'react';
import { Flex, Text } from '@chakra-ui/react';
import type { Teacher } from '@parliamo/domain/contracts';

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
