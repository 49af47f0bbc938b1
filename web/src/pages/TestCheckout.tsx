import { Alert, Button, Card, Container, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { apiRequest, errorMessage, isUnauthorizedError } from '../lib/api.ts';
import { Loading } from '../components/Loading.tsx';
import { queries } from '../lib/queries.ts';

/** `amount`: the total in euros, fee included. */
import type { TestCheckout as TestCheckoutData } from '@parliamo/domain/contracts';

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/**
 * The local test checkout (used when the server has no Stripe key): shows what is being bought and
 * lets the student pay or cancel. Paying runs the same confirmation as a real payment; no card is charged.
 */
export default function TestCheckout() {
  const { paymentId = '' } = useParams();
  const url = `/api/test-checkout/${encodeURIComponent(paymentId)}`;
  const checkout = useQuery(queries.testCheckout(paymentId));
  const act = useMutation({
    mutationFn: async (action: 'pay' | 'cancel') => (await (await apiRequest('POST', `${url}/${action}`)).json()) as { redirect: string },
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });

  // The title of every state of the page (it has no PageMeta: it is not indexed).
  const title = <title>Checkout | Parliamo</title>;
  if (checkout.isLoading) return <>{title}<Loading /></>;
  if (checkout.error || !checkout.data) {
    const signedOut = isUnauthorizedError(checkout.error);
    return (
      <Container maxW="lg" py="16">
        {title}
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{signedOut ? 'Please log in' : 'Checkout not available'}</Alert.Title>
            <Alert.Description>
              {signedOut
                ? 'Log in with the account that started this purchase to complete it.'
                : errorMessage(checkout.error, 'This checkout could not be loaded.')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild mt="6" colorPalette="green">
          <Link to={signedOut ? '/login' : '/teachers'}>{signedOut ? 'Log in' : 'Back to the teachers'}</Link>
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
          Checkout
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Test payment: no card is charged</Alert.Title>
            <Alert.Description>
              This site runs without a card payment provider. Paying here adds the hours to your account as a real purchase would.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <HStack justify="space-between">
                <Text color="fg.muted">Teacher</Text>
                <Text fontWeight="medium">{c.teacherName}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text color="fg.muted">Lesson hours</Text>
                <Text fontWeight="medium">{c.hours}</Text>
              </HStack>
              <Separator />
              <HStack justify="space-between">
                <Text fontWeight="semibold">Total (incl. {euros.format(3)} fee)</Text>
                <Text fontWeight="bold" fontSize="xl" data-testid="checkout-amount">
                  {euros.format(c.amount)}
                </Text>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
        {act.error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(act.error, 'The payment could not be completed. Please try again.')}</Alert.Title>
          </Alert.Root>
        )}
        {open ? (
          <HStack gap="3" justify="flex-end">
            <Button variant="outline" onClick={() => act.mutate('cancel')} disabled={act.isPending}>
              Cancel
            </Button>
            <Button colorPalette="green" onClick={() => act.mutate('pay')} loading={act.isPending} loadingText="Processing...">
              Pay {euros.format(c.amount)}
            </Button>
          </HStack>
        ) : (
          <Stack gap="3">
            <Text>This checkout is no longer open ({c.status}).</Text>
            <Button asChild colorPalette="green" alignSelf="flex-start">
              <Link to={`/payment-success?session_id=${encodeURIComponent(c.paymentId)}`}>See the payment</Link>
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
