import { Alert, Button, Container, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { paymentQueries } from '../queries.ts';
import { useRuleValues } from '../../../lib/rule-values.ts';
import { useT } from '../../../lib/i18n.tsx';

import type { PaymentStatusAnswer as PaymentView } from '@parliamo/domain/contracts';

type PaymentStatus = PaymentView['status'];

/** Polling stops once the payment reached an end a person can act on. */
const settled: PaymentStatus[] = ['credited', 'failed', 'expired', 'refunded'];

function Links() {
  const t = useT();
  return (
    <HStack gap="3" wrap="wrap">
      <Button asChild colorPalette="green">
        <Link to="/my-hours">{t('common.nav.myHours')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{t('public.paymentSuccess.dashboard')}</Link>
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
  const t = useT();
  const rules = useRuleValues();
  // Card payments confirm within seconds; a bank payment may take days, so after a while we poll
  // slowly and tell the student they can leave.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 30_000);
    return () => clearTimeout(timer);
  }, []);
  const payment = useQuery({
    ...paymentQueries.payment(sessionId),
    enabled: sessionId !== '',
    refetchInterval: (q) =>
      q.state.data && (settled.includes(q.state.data.status) || q.state.data.notCredited) ? false : slow ? 15_000 : 1500,
  });

  let body;
  if (!sessionId) {
    body = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t('public.paymentSuccess.noPayment')}</Alert.Title>
      </Alert.Root>
    );
  } else if (payment.error) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{isUnauthorizedError(payment.error) ? t('public.paymentSuccess.signIn') : t('public.paymentSuccess.loadFailed')}</Alert.Title>
          {!isUnauthorizedError(payment.error) && <Alert.Description>{errorMessage(payment.error, t('public.paymentSuccess.tryAgain'))}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  } else if (payment.data?.notCredited) {
    // A second trial lesson paid at the same time as the first (or after buying hours): nothing credited.
    body = (
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('public.paymentSuccess.trialNotAdded.title')}</Alert.Title>
          <Alert.Description>{t('public.paymentSuccess.trialNotAdded.text', { reason: payment.data.notCredited })}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (!payment.data || payment.data.status === 'pending' || payment.data.status === 'paid') {
    body = (
      <Stack gap="3" role="status" aria-live="polite" align="flex-start">
        <HStack gap="3">
          <Spinner color="green.700" />
          <Text fontWeight="medium">{t('public.paymentSuccess.confirming')}</Text>
        </HStack>
        <Text color="fg.muted">
          {slow ? t('public.paymentSuccess.slow') : t('public.paymentSuccess.soon')}
        </Text>
      </Stack>
    );
  } else if (payment.data.status === 'credited') {
    const h = payment.data.hours;
    body = (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('public.paymentSuccess.success.title')}</Alert.Title>
          <Alert.Description>
            {t('public.paymentSuccess.success.text', { ...rules, hours: h })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (payment.data.status === 'refunded') {
    body = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('public.paymentSuccess.refunded')}</Alert.Title>
      </Alert.Root>
    );
  } else {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{payment.data.status === 'failed' ? t('public.paymentSuccess.failed') : t('public.paymentSuccess.expired')}</Alert.Title>
          <Alert.Description>{t('public.paymentSuccess.nothingTaken')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Container maxW="2xl" py={{ base: '8', md: '16' }}>
      <title>{t('public.paymentSuccess.title')}</title>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('public.paymentSuccess.heading')}
        </Heading>
        {body}
        <Links />
      </Stack>
    </Container>
  );
}
