import { Alert, Button, Card, Checkbox, Container, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { Loading } from '../../../components/Loading.tsx';
import { paymentQueries } from '../queries.ts';
import { euros as localEuros } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n-store.ts';
import { useT } from '../../../lib/i18n.tsx';

/** `amount`: the total in euros, fee included. */
import type { RedirectAnswer, TestCheckout as TestCheckoutData } from '@parliamo/domain/contracts';

const enEuros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
/** English keeps the page's "€48.00"; other languages their own form (format.ts). */
const money = (amount: number) => (currentLocale() === 'en' ? enEuros.format(amount) : localEuros(amount));

/**
 * The local test checkout (used when the server has no Stripe key): shows what is being bought and
 * lets the student pay or cancel. Paying runs the same confirmation as a real payment; no card is charged.
 */
export default function TestCheckout() {
  const t = useT();
  const { paymentId = '' } = useParams();
  const url = `/api/test-checkout/${encodeURIComponent(paymentId)}`;
  const checkout = useQuery(paymentQueries.testCheckout(paymentId));
  // The express request to start at once: required before paying, as on Stripe's page.
  const [expressRequest, setExpressRequest] = useState(false);
  const act = useMutation({
    mutationFn: async (action: 'pay' | 'cancel') =>
      (await (await apiRequest('POST', `${url}/${action}`, action === 'pay' ? { expressRequest } : undefined)).json()) as RedirectAnswer,
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });

  // The title of every state of the page (it has no PageMeta: it is not indexed).
  const title = <title>{t('public.checkout.title')}</title>;
  if (checkout.isLoading) return <>{title}<Loading /></>;
  if (checkout.error || !checkout.data) {
    const signedOut = isUnauthorizedError(checkout.error);
    return (
      <Container maxW="lg" py="16">
        {title}
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{signedOut ? t('public.checkout.signIn.title') : t('public.checkout.unavailable.title')}</Alert.Title>
            <Alert.Description>
              {signedOut
                ? t('public.checkout.signIn.text')
                : errorMessage(checkout.error, t('public.checkout.unavailable.text'))}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild mt="6" colorPalette="green">
          <Link to={signedOut ? '/login' : '/teachers'}>{signedOut ? t('public.checkout.logIn') : t('public.checkout.backToTeachers')}</Link>
        </Button>
      </Container>
    );
  }

  const c = checkout.data;
  const open = c.status === 'pending';
  return (
    <Container maxW="lg" py={{ base: '8', md: '16' }}>
      {title}
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('public.checkout.heading')}
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('public.checkout.test.title')}</Alert.Title>
            <Alert.Description>
              {t('public.checkout.test.text')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between">
                <Text color="fg.muted">{t('public.checkout.teacher')}</Text>
                <Text fontWeight="medium">{c.teacherName}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text color="fg.muted">{t('public.checkout.hours')}</Text>
                <Text fontWeight="medium">{c.hours}</Text>
              </HStack>
              <Separator />
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('public.checkout.total', { fee: money(3) })}</Text>
                <Text fontWeight="bold" fontSize="xl" data-testid="checkout-amount">
                  {money(c.amount)}
                </Text>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
        {act.error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(act.error, t('public.checkout.failed'))}</Alert.Title>
          </Alert.Root>
        )}
        {open && (
          <Checkbox.Root checked={expressRequest} onCheckedChange={(e) => setExpressRequest(e.checked === true)} colorPalette="green" alignItems="flex-start">
            <Checkbox.HiddenInput required />
            <Checkbox.Control mt="1" />
            <Checkbox.Label fontWeight="normal">{c.expressRequest}</Checkbox.Label>
          </Checkbox.Root>
        )}
        {open ? (
          <HStack gap="3" justify="flex-end">
            <Button variant="outline" onClick={() => act.mutate('cancel')} disabled={act.isPending}>
              {t('public.checkout.cancel')}
            </Button>
            <Button colorPalette="green" onClick={() => act.mutate('pay')} disabled={!expressRequest} loading={act.isPending} loadingText={t('public.checkout.processing')}>
              {t('public.checkout.pay', { amount: money(c.amount) })}
            </Button>
          </HStack>
        ) : (
          <Stack gap="3">
            <Text>{t('public.checkout.closed', { status: c.status })}</Text>
            <Button asChild colorPalette="green" alignSelf="flex-start">
              <Link to={`/payment-success?session_id=${encodeURIComponent(c.paymentId)}`}>{t('public.checkout.seePayment')}</Link>
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
