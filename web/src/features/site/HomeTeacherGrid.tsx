import { useMemo } from 'react';
import { Box, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { homeGridTeachers, TeacherCard, useTeachers } from '../teachers/index.ts';
import { useT } from '../../lib/i18n.tsx';

/** Up to 6 teachers in today's order; 3 skeleton cards while loading; a message when there are none. */
export function HomeTeacherGrid() {
  const t = useT();
  const { data, isLoading, isError } = useTeachers();
  const teachers = useMemo(() => homeGridTeachers(data ?? [], new Date()), [data]);

  if (isLoading) {
    return (
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" aria-busy="true" aria-label={t('public.homeTeachers.loading')}>
        {[0, 1, 2].map((i) => (
          <Stack key={i} data-testid="teacher-skeleton" borderWidth="1px" borderRadius="xl" p="5" gap="4">
            <Skeleton height="64px" width="64px" borderRadius="full" />
            <Skeleton height="4" />
            <Skeleton height="16" />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }
  if (isError || teachers.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center">
        <Text color="fg.muted">{t('public.homeTeachers.empty')}</Text>
      </Box>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" data-testid="home-teacher-grid">
      {teachers.map((teacher) => (
        <TeacherCard key={teacher.id} teacher={teacher} />
      ))}
    </SimpleGrid>
  );
}
