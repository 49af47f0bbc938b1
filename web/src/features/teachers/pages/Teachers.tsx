import { useMemo } from 'react';
import { Box, Container, Field, Input, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../../components/FormFields.tsx';
import { InfoPageHeader } from '../../../components/InfoPageHeader.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { teacherQueries } from '../queries.ts';
import { TeacherCard } from '../TeacherCard.tsx';
import {
  allSpecializations,
  filterTeachers,
  knownSort,
  priceBandLabel,
  priceBandOrAny,
  priceBands,
  sameSpecialization,
  sortTeachers,
  TEACHER_SORTS,
  useTeachers,
  visibleTeachers,
} from '../teachers.ts';
import { useT } from '../../../lib/i18n.tsx';

/** Read on the first render (loaded with the page's code, lib/lazy-page.tsx). */
export const firstReads = () => [teacherQueries.teachers()];

/** `options` with `value` among them: a link may name a specialization or band nobody offers today. */
function withCurrent(options: { value: string; label: string }[], value: string, label: string) {
  return options.some((o) => o.value === value) ? options : [...options, { value, label }];
}

/**
 * /teachers: every active and approved teacher, with a name search, filters and an order. They live in the address (`?q=&specialization=&price=&sort=`): a filtered list
 * can be shared, and Back undoes a filter.
 */
export default function Teachers() {
  const t = useT();
  const { data, isLoading } = useTeachers();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const price = priceBandOrAny(params.get('price') ?? '');
  const sort = knownSort(params.get('sort') ?? '');
  /** Sets one parameter (dropped when empty); typing replaces the history entry, a choice adds one. */
  const set = (name: string, value: string, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  const teachers = useMemo(() => visibleTeachers(data ?? []), [data]);
  const specializations = useMemo(() => allSpecializations(teachers), [teachers]);
  const bands = useMemo(() => priceBands(teachers), [teachers]);
  // A link's specialization in another case ("business italian") selects the listed spelling.
  const asked = params.get('specialization') ?? '';
  const specialization = specializations.find((s) => sameSpecialization(s, asked)) ?? asked;
  const shown = sortTeachers(filterTeachers(teachers, { query, specialization, price }), sort);

  let empty: string | null = null;
  if (!isLoading && shown.length === 0) {
    if (teachers.length === 0) empty = t('public.teachers.none');
    else if (query.trim()) empty = t('public.teachers.noMatch', { query });
    else empty = t('public.teachers.noFilterMatch');
  }

  return (
    <>
      <PageMeta
        title={t('public.teachers.meta.title')}
        description={t('public.teachers.meta.description')}
        keywords={t('public.teachers.meta.keywords')}
        path="/teachers"
      />
      <InfoPageHeader eyebrow={t('public.teachers.eyebrow')} title={t('public.teachers.title')}>
        {t('public.teachers.intro')}
      </InfoPageHeader>
      <Container maxW="7xl" py={{ base: '8', md: '10' }}>
        <Box role="search" aria-label={t('public.teachers.search')} mb="8">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" alignItems="end">
            <Field.Root>
              <Field.Label>{t('public.teachers.searchByName')}</Field.Label>
              <Input type="search" placeholder={t('public.teachers.namePlaceholder')} value={query} onChange={(e) => set('q', e.target.value, true)} />
            </Field.Root>
            <SelectField
              label={t('public.teachers.specialization')}
              value={specialization}
              onChange={(v) => set('specialization', v)}
              options={withCurrent([{ value: '', label: t('public.teachers.allSpecializations') }, ...specializations.map((s) => ({ value: s, label: s }))], specialization, specialization)}
            />
            <SelectField
              label={t('public.teachers.price')}
              value={price}
              onChange={(v) => set('price', v)}
              options={withCurrent([{ value: '', label: t('public.priceBand.any') }, ...bands], price, priceBandLabel(price))}
            />
            <SelectField
              label={t('public.teachers.sortBy')}
              value={sort}
              onChange={(v) => set('sort', v)}
              options={TEACHER_SORTS.map(({ value, label }) => ({ value, label: t(label) }))}
            />
          </SimpleGrid>
        </Box>
        <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted" mb="4">
          {isLoading ? t('public.teachers.loading') : empty ? '' : t('public.teachers.count', { count: shown.length })}
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
            {shown.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} headingLevel="h2" />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
