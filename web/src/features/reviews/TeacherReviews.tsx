import { useState } from 'react';
import { Alert, Box, Button, Field, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Stars } from '../teachers/index.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_HIDE_REASON, type PublicReview } from '@parliamo/domain/contracts/reviews';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { dateLabel, romeDate } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { reviewChanges, reviewQueries } from './queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { useT } from '../../lib/i18n.tsx';

/** An admin hides a review: the reason is required and kept in the ledger, never shown publicly. */
function HideReview({ review }: { review: PublicReview }) {
  const t = useT();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const hide = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/reviews/${review.id}/hide`, { reason })).json(),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('public.reviews.hidden.title'), description: t('public.reviews.hidden.description') });
      await invalidate(qc, reviewChanges.reviewChanged);
    },
  });
  if (!open) {
    return (
      <Button size="xs" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setOpen(true)}>
        {t('public.reviews.hide')}
      </Button>
    );
  }
  const id = `hide-reason-${review.id}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        hide.mutate();
      }}
    >
      <Stack gap="2" borderWidth="1px" borderColor="red.200" borderRadius="md" p="3">
        <Field.Root required>
          <Field.Label htmlFor={id}>{t('public.reviews.hideReason')}</Field.Label>
          <Textarea id={id} rows={2} autoFocus value={reason} maxLength={MAX_HIDE_REASON} onChange={(e) => setReason(e.target.value)} />
        </Field.Root>
        {hide.error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(hide.error, t('public.reviews.hideFailed'))}</Alert.Description>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" size="sm" colorPalette="red" loading={hide.isPending} loadingText={t('public.reviews.hiding')}>
            {t('public.reviews.hide')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={hide.isPending}>
            {t('public.reviews.keep')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function ReviewItem({ review, admin }: { review: PublicReview; admin: boolean }) {
  const t = useT();
  return (
    <Stack as="li" gap="1" py="4" borderBottomWidth="1px" data-testid="teacher-review">
      <HStack gap="2" wrap="wrap">
        <Stars rating={review.rating} />
        <Text fontWeight="semibold">{review.reviewerName}</Text>
        <Text fontSize="sm" color="fg.muted">
          {dateLabel(romeDate(new Date(review.reviewedAt)), { day: 'numeric', month: 'long', year: 'numeric' })}
          {review.edited && ` · ${t('public.reviews.edited')}`}
        </Text>
      </HStack>
      {review.comment && (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {review.comment}
        </Text>
      )}
      {review.reply && (
        <Box borderStartWidth="3px" borderColor="green.300" ps="3" mt="1">
          <Text fontSize="sm" color="fg.muted">
            {t('public.reviews.reply')}
          </Text>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {review.reply.text}
          </Text>
        </Box>
      )}
      {admin && <HideReview review={review} />}
    </Stack>
  );
}

/** A teacher's reviews on their public profile, newest first, a page at a time; admins can hide one. */
export default function TeacherReviews({ teacherId }: { teacherId: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { user } = useAuth();
  const { data, isLoading, isError } = useQuery(reviewQueries.teacherReviews(teacherId, page));
  if (isLoading) return <Skeleton height="80px" borderRadius="md" />;
  if (isError || !data) return <Text color="red.700">{t('public.reviews.loadFailed')}</Text>;
  if (data.total === 0) return <Text color="fg.muted">{t('public.reviews.none')}</Text>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack gap="2">
      <Stack as="ul" gap="0" listStyleType="none">
        {data.reviews.map((r) => (
          <ReviewItem key={r.id} review={r} admin={user?.role === 'admin'} />
        ))}
      </Stack>
      {pages > 1 && (
        <HStack as="nav" aria-label={t('public.reviews.pages')} gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('public.reviews.newer')}
          </Button>
          <Text fontSize="sm" aria-live="polite">
            {t('public.reviews.page', { page, pages })}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('public.reviews.older')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
