import { Alert, Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, isUnauthorizedError } from '../lib/api.ts';
import { queries } from '../lib/queries.ts';
import { monthsText, useSiteConfig } from '../lib/site.ts';
import { hoursCount } from '../lib/format.ts';

import type { PaymentStatusAnswer as PaymentView } from '@parliamo/domain/contracts';

type PaymentStatus = PaymentView['status'];

/** Polling stops once the payment reached an end a person can act on. */
const settled: PaymentStatus[] = ['credited', 'failed', 'expired', 'refunded'];

function Links() {
  return (
    <HStack gap="3" wrap="wrap">
      <Button asChild colorPalette="green">
        <Link to="/my-hours">My Hours</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </HStack>
  );
}

/**
 * Where the checkout sends the student back: waits (polling) until the payment's hours are credited,
 * then says so; failed or expired checkouts get a plain explanation.
 */
export default function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const site = useSiteConfig();
  // Card payments confirm within seconds; a bank payment may take days, so after a while we poll
  // slowly and tell the student they can leave.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 30_000);
    return () => clearTimeout(timer);
  }, []);
  const payment = useQuery({
    ...queries.payment(sessionId),
    enabled: sessionId !== '',
    refetchInterval: (q) =>
      q.state.data && (settled.includes(q.state.data.status) || q.state.data.notCredited) ? false : slow ? 15_000 : 1500,
  });

  let body;
  if (!sessionId) {
    body = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>No payment to show: this page is reached from the checkout.</Alert.Title>
      </Alert.Root>
    );
  } else if (payment.error) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{isUnauthorizedError(payment.error) ? 'Please log in to see your payment.' : 'We could not load this payment.'}</Alert.Title>
          {!isUnauthorizedError(payment.error) && <Alert.Description>{errorMessage(payment.error, 'Please try again.')}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  } else if (payment.data?.notCredited) {
    // A second trial lesson paid at the same time as the first (or after buying hours): nothing credited.
    body = (
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This trial lesson was not added to your account</Alert.Title>
          <Alert.Description>{payment.data.notCredited}. The payment is flagged for the school to refund it.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (!payment.data || payment.data.status === 'pending' || payment.data.status === 'paid') {
    body = (
      <Stack gap="3" role="status" aria-live="polite" align="flex-start">
        <HStack gap="3">
          <Spinner color="green.700" />
          <Text fontWeight="medium">Confirming your payment...</Text>
        </HStack>
        <Text color="fg.muted">
          {slow
            ? 'Your payment is still being confirmed by the bank. You can leave this page: the hours will appear in My Hours as soon as it arrives.'
            : 'Your hours appear here as soon as the payment is confirmed. This usually takes a few seconds.'}
        </Text>
      </Stack>
    );
  } else if (payment.data.status === 'credited') {
    const h = payment.data.hours;
    body = (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Payment successful</Alert.Title>
          <Alert.Description>
            {h} lesson {h === 1 ? 'hour has' : 'hours have'} been added to your account. Use them within {monthsText(site.validityMonths)}; book lessons at least{' '}
            {hoursCount(site.noticeHours)} ahead.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (payment.data.status === 'refunded') {
    body = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>This payment has been refunded; its unused hours were removed.</Alert.Title>
      </Alert.Root>
    );
  } else {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{payment.data.status === 'failed' ? 'The payment failed' : 'The checkout expired or was cancelled'}</Alert.Title>
          <Alert.Description>No hours were added and no money was taken. You can start a new purchase from the teacher list.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Container maxW="2xl" py={{ base: '8', md: '16' }}>
      <title>Your payment | Parliamo</title>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Your payment
        </Heading>
        {body}
        <Links />
      </Stack>
    </Container>
  );
}
