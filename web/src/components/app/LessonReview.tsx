import { useState } from 'react';
import { Alert, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { Stars } from '../StarRating.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_REVIEW_COMMENT, MAX_REVIEW_REPLY } from '@parliamo/domain/contracts/reviews';
import type { LessonReview as LessonReviewAnswer } from '@parliamo/domain/contracts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { instantLabel } from '../../lib/format.ts';
import { invalidate, queries } from '../../lib/queries.ts';
import { toaster } from '../toaster.tsx';
import { sendToLogin } from './auth-guard.ts';
import type { Booking } from './types.ts';

type Review = NonNullable<LessonReviewAnswer['review']>;

const LABEL = 'Your review';
const srOnly = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Five stars to choose from: a radio group (Tab in, arrow keys to move, each read as "4 stars"). */
export function StarChoice({ value, onChange, name }: { value: number; onChange: (v: number) => void; name: string }) {
  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0">
      <Text as="legend" fontSize="sm" color="fg.muted" mb="1">
        Your rating
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
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} style={srOnly} aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`} />
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
  const save = useMutation({
    mutationFn: async () => (await apiRequest(review ? 'PUT' : 'POST', `/api/bookings/${booking.id}/review`, { rating, comment })).json(),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: review ? 'Review updated' : 'Thank you for your review', description: `${booking.teacherName} can read it on their profile.` });
      await invalidate(qc, 'reviewChanged');
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
      aria-label={review ? 'Edit your review' : 'Review this lesson'}
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
            Choose a rating from 1 to 5
          </Text>
        )}
        <Field.Root invalid={length > MAX_REVIEW_COMMENT}>
          <Field.Label htmlFor={id}>Comment (optional)</Field.Label>
          <Textarea id={id} rows={3} autoresize maxH="12rem" value={comment} onChange={(e) => setComment(e.target.value)} placeholder="What went well? What could be better?" />
          <Field.HelperText aria-live="polite" color={length > MAX_REVIEW_COMMENT ? 'red.700' : undefined}>
            {length} / {MAX_REVIEW_COMMENT} characters. Your first name and last initial are shown with it.
          </Field.HelperText>
        </Field.Root>
        {save.error && !isUnauthorizedError(save.error) && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(save.error, 'The review could not be saved.')}</Alert.Description>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" colorPalette="green" loading={save.isPending} loadingText="Saving...">
            {review ? 'Save review' : 'Submit review'}
          </Button>
          {review && (
            <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
              Keep it as it is
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
  const send = useMutation({
    mutationFn: async () => (await apiRequest('POST', `/api/reviews/${review.id}/reply`, { reply: text })).json(),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: 'Reply published', description: 'It shows under the review on your profile.' });
      await invalidate(qc, 'reviewChanged');
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
          <Field.Label htmlFor={id}>Your reply (public, once)</Field.Label>
          <Textarea id={id} rows={3} autoresize maxH="12rem" value={text} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText aria-live="polite">
            {length} / {MAX_REVIEW_REPLY} characters. A reply cannot be changed once published.
          </Field.HelperText>
        </Field.Root>
        {send.error && !isUnauthorizedError(send.error) && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(send.error, 'The reply could not be sent.')}</Alert.Description>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="green" alignSelf="flex-start" loading={send.isPending} loadingText="Sending..." disabled={!length}>
          Publish reply
        </Button>
      </Stack>
    </form>
  );
}

function ShownReview({ review, viewer }: { review: Review; viewer: 'student' | 'teacher' }) {
  return (
    <Stack gap="1" data-testid="lesson-review">
      <HStack gap="2" wrap="wrap">
        <Stars rating={review.rating} />
        <Text fontSize="xs" color="fg.muted">
          {instantLabel(review.reviewedAt)}
          {review.edited && ' · edited'}
        </Text>
      </HStack>
      {review.comment && (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
          {review.comment}
        </Text>
      )}
      {review.hidden && (
        <Text fontSize="sm" color="fg.muted">
          {viewer === 'student' ? 'The school has hidden this review from your teacher\'s profile.' : 'The school has hidden this review from your profile.'}
        </Text>
      )}
      {review.reply && (
        <Box borderStartWidth="3px" borderColor="green.300" ps="3" mt="1">
          <Text fontSize="sm" color="fg.muted">
            {viewer === 'teacher' ? 'Your reply' : "Teacher's reply"}
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
  const { data, isLoading, isError } = useQuery({ ...queries.lessonReview(booking.id), enabled: completed });
  const [editing, setEditing] = useState(false);
  if (!completed) return null;
  const title = viewer === 'student' ? LABEL : "Student's review";
  let body: React.ReactNode;
  if (isLoading) body = <Text color="fg.muted">Loading the review...</Text>;
  else if (isError || !data) body = <Text color="red.700">The review could not be loaded.</Text>;
  else if (!data.review) {
    body = viewer === 'student' ? <ReviewForm booking={booking} review={null} onDone={() => setEditing(false)} /> : <Text>No review yet.</Text>;
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
            Edit review
          </Button>
        )}
        {editable && (
          <Text fontSize="xs" color="fg.muted">
            You can change it until {instantLabel(r.editableUntil)} (Rome time).
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
