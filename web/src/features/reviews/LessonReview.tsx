import { useState } from 'react';
import { Alert, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Stars } from '../teachers/index.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_REVIEW_COMMENT, MAX_REVIEW_REPLY } from '@parliamo/domain/contracts/reviews';
import type { LessonReview as LessonReviewAnswer } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { instantLabel } from '../../lib/format.ts';
import { invalidate } from '../../lib/queries.ts';
import { reviewChanges, reviewQueries } from './queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { sendToLogin } from '../../components/app/auth-guard.ts';
import type { Booking } from '@parliamo/domain/contracts';
import { useT } from '../../lib/i18n.tsx';

type Review = NonNullable<LessonReviewAnswer['review']>;

const srOnly = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Five stars to choose from: a radio group (Tab in, arrow keys to move, each read as "4 stars"). */
export function StarChoice({ value, onChange, name }: { value: number; onChange: (v: number) => void; name: string }) {
  const t = useT();
  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0">
      <Text as="legend" fontSize="sm" color="fg.muted" mb="1">
        {t('student.review.rating')}
      </Text>
      <HStack gap="1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Box
            as="label"
            key={n}
            cursor="pointer"
            fontSize="2xl"
            lineHeight="1"
            px="1"
            borderRadius="sm"
            color={n <= value ? 'orange.600' : 'gray.400'}
            _focusWithin={{ outline: '2px solid', outlineColor: 'green.600', outlineOffset: '1px' }}
          >
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} style={srOnly} aria-label={t('student.review.stars', { count: n })} />
            <span aria-hidden="true">{n <= value ? '★' : '☆'}</span>
          </Box>
        ))}
      </HStack>
    </Box>
  );
}

/** The student's form: a rating and an optional comment; POST (new) or PUT (edit) /api/bookings/:id/review. */
function ReviewForm({ booking, review, onDone }: { booking: Booking; review: Review | null; onDone: () => void }) {
  const qc = useQueryClient();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [missing, setMissing] = useState(false);
  const t = useT();
  const save = useMutation({
    mutationFn: async () => (await apiRequest(review ? 'PUT' : 'POST', `/api/bookings/${booking.id}/review`, { rating, comment })).json(),
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: review ? t('student.review.updated') : t('student.review.thanks'),
        description: t('student.review.savedText', { teacher: booking.teacherName }),
      });
      await invalidate(qc, reviewChanges.reviewChanged);
      onDone();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
    },
  });
  const length = comment.trim().length;
  const id = `review-comment-${booking.id}`;
  return (
    <form
      noValidate
      aria-label={review ? t('student.review.editForm') : t('student.review.newForm')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!rating) return setMissing(true);
        save.mutate();
      }}
    >
      <Stack gap="2">
        <StarChoice
          name={`review-rating-${booking.id}`}
          value={rating}
          onChange={(v) => {
            setRating(v);
            setMissing(false);
          }}
        />
        {missing && (
          <Text role="alert" fontSize="sm" color="red.700">
            {t('student.review.missing')}
          </Text>
        )}
        <Field.Root invalid={length > MAX_REVIEW_COMMENT}>
          <Field.Label htmlFor={id}>{t('student.review.comment')}</Field.Label>
          <Textarea
            id={id}
            rows={3}
            autoresize
            maxH="12rem"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            placeholder={t('student.review.placeholder')}
          />
          <Field.HelperText aria-live="polite" color={length > MAX_REVIEW_COMMENT ? 'red.700' : undefined}>
            {t('student.review.help', { length: String(length), max: String(MAX_REVIEW_COMMENT) })}
          </Field.HelperText>
        </Field.Root>
        {save.error && !isUnauthorizedError(save.error) && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(save.error, t('student.review.failed'))}</Alert.Description>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" colorPalette="green" loading={save.isPending} loadingText={t('common.profilePage.saving')}>
            {review ? t('student.review.save') : t('student.review.submit')}
          </Button>
          {review && (
            <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
              {t('student.review.keep')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** The teacher's one reply: POST /api/reviews/:id/reply. */
function ReplyForm({ review }: { review: Review }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const t = useT();
  const send = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/reviews/${review.id}/reply`, { reply: text })).json(),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('teacher.review.replied.title'), description: t('teacher.review.replied.text') });
      await invalidate(qc, reviewChanges.reviewChanged);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) sendToLogin(500);
    },
  });
  const id = `review-reply-${review.id}`;
  const length = text.trim().length;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <Stack gap="2">
        <Field.Root invalid={length > MAX_REVIEW_REPLY}>
          <Field.Label htmlFor={id}>{t('teacher.review.replyLabel')}</Field.Label>
          <Textarea id={id} rows={3} autoresize maxH="12rem" value={text} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText aria-live="polite">
            {t('teacher.review.replyHelp', { length: String(length), max: String(MAX_REVIEW_REPLY) })}
          </Field.HelperText>
        </Field.Root>
        {send.error && !isUnauthorizedError(send.error) && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(send.error, t('teacher.review.replyFailed'))}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={send.isPending} loadingText={t('teacher.review.sending')} disabled={!length}>
          {t('teacher.review.publish')}
        </Button>
      </Stack>
    </form>
  );
}

function ShownReview({ review, viewer }: { review: Review; viewer: 'student' | 'teacher' }) {
  const t = useT();
  return (
    <Stack gap="1" data-testid="lesson-review">
      <HStack gap="2" wrap="wrap">
        <Stars rating={review.rating} />
        <Text fontSize="xs" color="fg.muted">
          {instantLabel(review.reviewedAt)}
          {review.edited && ` · ${t('student.review.edited')}`}
        </Text>
      </HStack>
      {review.comment && (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {review.comment}
        </Text>
      )}
      {review.hidden && (
        <Text fontSize="sm" color="fg.muted">
          {viewer === 'student' ? t('student.review.hidden') : t('teacher.review.hidden')}
        </Text>
      )}
      {review.reply && (
        <Box borderStartWidth="3px" borderColor="green.300" ps="3" mt="1">
          <Text fontSize="sm" color="fg.muted">
            {viewer === 'teacher' ? t('teacher.review.yourReply') : t('student.review.teacherReply')}
          </Text>
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {review.reply.text}
          </Text>
        </Box>
      )}
    </Stack>
  );
}

/**
 * The review in Lesson Details of a completed lesson: the student rates it (and may change it for 7
 * days); the teacher reads it and replies once.
 */
export function LessonReview({ booking, viewer, now }: { booking: Booking; viewer: 'student' | 'teacher'; now: Date }) {
  const completed = booking.status === 'completed';
  const { data, isLoading, isError } = useQuery({ ...reviewQueries.lessonReview(booking.id), enabled: completed });
  const [editing, setEditing] = useState(false);
  const t = useT();
  if (!completed) return null;
  const title = viewer === 'student' ? t('student.review.title') : t('teacher.review.title');
  let body: React.ReactNode;
  if (isLoading) body = <Text color="fg.muted">{t('student.review.loading')}</Text>;
  else if (isError || !data) body = <Text color="red.700">{t('student.review.loadFailed')}</Text>;
  else if (!data.review) {
    body = viewer === 'student' ? <ReviewForm booking={booking} review={null} onDone={() => setEditing(false)} /> : <Text>{t('teacher.review.none')}</Text>;
  } else if (viewer === 'student' && editing) {
    body = <ReviewForm booking={booking} review={data.review} onDone={() => setEditing(false)} />;
  } else {
    const r = data.review;
    const editable = viewer === 'student' && !r.hidden && now.getTime() <= new Date(r.editableUntil).getTime();
    body = (
      <Stack gap="2">
        <ShownReview review={r} viewer={viewer} />
        {editable && (
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setEditing(true)}>
            {t('student.review.edit')}
          </Button>
        )}
        {editable && (
          <Text fontSize="xs" color="fg.muted">
            {t('student.review.editableUntil', { until: instantLabel(r.editableUntil) })}
          </Text>
        )}
        {viewer === 'teacher' && !r.reply && !r.hidden && <ReplyForm review={r} />}
      </Stack>
    );
  }
  return (
    <Stack gap="1" as="section" aria-label={title}>
      <Text fontSize="sm" color="fg.muted">
        {title}
      </Text>
      {body}
    </Stack>
  );
}
