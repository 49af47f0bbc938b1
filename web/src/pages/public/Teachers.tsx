import { useMemo, useState } from 'react';
import { Box, Container, Field, Input, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/FormFields.tsx';
import { InfoPageHeader } from '../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { queries } from '../../lib/queries.ts';
import { TeacherCard } from '../../components/TeacherCard.tsx';
import { allSpecializations, filterTeachers, priceRanges, useTeachers, visibleTeachers } from '../../lib/teachers.ts';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [queries.teachers()];

/** /teachers: every active and approved teacher, with a name search and filters (spec "Validation rules"). */
export default function Teachers() {
  const { data, isLoading } = useTeachers();
  const [query, setQuery] = useState('');
  const [specialization, setSpecialization] = useState('');
  const [price, setPrice] = useState('');
  const teachers = useMemo(
    () => visibleTeachers(data ?? []).sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)),
    [data],
  );
  const specializations = useMemo(() => allSpecializations(teachers), [teachers]);
  const shown = filterTeachers(teachers, { query, specialization, price });

  let empty: string | null = null;
  if (!isLoading && shown.length === 0) {
    if (teachers.length === 0) empty = 'No teachers available at the moment. Check back soon!';
    else if (query.trim()) empty = `No teachers found matching "${query}"`;
    else empty = 'No teachers match these filters. Try another specialization or price range.';
  }

  return (
    <>
      <PageMeta
        title="Find an Italian teacher | Parliamo"
        description="Browse the Italian teachers of our school in Rome: specializations, hourly rates in euro and free lesson times."
        keywords="Italian teacher online, find Italian tutor, Italian teachers Rome, Italian lessons price"
        path="/teachers"
      />
      <InfoPageHeader eyebrow="Our teachers" title="Find your Italian teacher">
        Every teacher is a native speaker trained by our school in Rome. Compare specializations and hourly rates, then open
        a profile to see free lesson times.
      </InfoPageHeader>
      <Container maxW="7xl" py={{ base: '8', md: '10' }}>
        <Box role="search" aria-label="Teachers" mb="8">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
            <Field.Root>
              <Field.Label>Search by name</Field.Label>
              <Input type="search" placeholder="First or last name" value={query} onChange={(e) => setQuery(e.target.value)} />
            </Field.Root>
            <SelectField
              label="Specialization"
              value={specialization}
              onChange={setSpecialization}
              options={[{ value: '', label: 'All specializations' }, ...specializations.map((s) => ({ value: s, label: s }))]}
            />
            <SelectField label="Price per hour" value={price} onChange={setPrice} options={priceRanges} />
          </SimpleGrid>
        </Box>
        <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted" mb="4">
          {isLoading ? 'Loading teachers...' : empty ? '' : `${shown.length} ${shown.length === 1 ? 'teacher' : 'teachers'}`}
        </Text>
        {isLoading ? (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="260px" borderRadius="xl" />
            ))}
          </SimpleGrid>
        ) : empty ? (
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center">
            <Text color="fg.muted">{empty}</Text>
          </Box>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" data-testid="teacher-list">
            {shown.map((t) => (
              <TeacherCard key={t.id} teacher={t} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
