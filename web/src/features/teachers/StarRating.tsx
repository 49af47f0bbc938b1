import { Text } from '@chakra-ui/react';
import { ratingLabel, ratingNumber, type Teacher } from './teachers.ts';
import { t } from '../../lib/i18n-store.ts';

/** Hidden from the eye, read by screen readers. */
const srOnly = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A teacher's rating as five stars and the number of reviews ("★★★★☆ 4.5 (12)"), read out as
 * "4.5 out of 5, 12 reviews"; "No reviews yet" without any. Kept tiny: it is on the landing page's cards.
 */
export function StarRating({ teacher, size = 'sm' }: { teacher: Pick<Teacher, 'rating' | 'reviewCount'>; size?: 'sm' | 'md' }) {
  const label = ratingLabel(teacher);
  if (teacher.rating === null || teacher.reviewCount === 0) {
    return (
      <Text fontSize={size} color="fg.muted" data-testid="teacher-rating">
        {label}
      </Text>
    );
  }
  const full = Math.round(teacher.rating);
  return (
    <Text fontSize={size} data-testid="teacher-rating">
      <span aria-hidden="true">
        <Text as="span" color="orange.600" letterSpacing="0.05em">
          {'★'.repeat(full)}
        </Text>
        <Text as="span" color="gray.400" letterSpacing="0.05em">
          {'☆'.repeat(5 - full)}
        </Text>{' '}
        <Text as="span" fontWeight="semibold">
          {ratingNumber(teacher.rating)}
        </Text>{' '}
        <Text as="span" color="fg.muted">
          ({teacher.reviewCount})
        </Text>
      </span>
      <span style={srOnly}>{label}</span>
    </Text>
  );
}

/** One review's rating: filled and empty stars, read as "4 out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <Text as="span" role="img" aria-label={t('public.rating.stars', { rating })} color="orange.600">
      {'★'.repeat(rating)}
      <Text as="span" color="gray.400">
        {'☆'.repeat(5 - rating)}
      </Text>
    </Text>
  );
}
