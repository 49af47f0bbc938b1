import { useState } from 'react';
import { Box, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { requestPasswordResetSchema } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, toastInvalid } from '../../../components/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AuthLayout } from '../AuthLayout.tsx';
import { TextField } from '../../../components/FormFields.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { useT } from '../../../lib/i18n.tsx';

const resolver = lazyResolver(() => import('../auth-resolvers.ts').then((m) => m.requestPasswordReset));

/** /request-password-reset: asks for a reset link by e-mail; the answer is the same whether the account exists. */
export default function RequestPasswordReset() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<z.input<typeof requestPasswordResetSchema>, unknown, z.output<typeof requestPasswordResetSchema>>({
    resolver,
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const res = await apiRequest('POST', '/api/auth/request-password-reset', body);
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        setSent(answer?.message || t('public.requestReset.sent'));
      } catch (err) {
        toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(err, t('public.requestReset.failed')) });
      }
    },
    (invalid) => toastInvalid(invalid, { title: t('common.error'), description: t('public.requestReset.invalid') }),
  );

  return (
    <AuthLayout title={t('public.requestReset.title')} intro={t('public.requestReset.intro')}>
      <PageMeta
        title={t('public.requestReset.meta.title')}
        description={t('public.requestReset.meta.description')}
        keywords={t('public.requestReset.meta.keywords')}
        path="/request-password-reset"
      />
      {sent ? (
        <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.200" borderRadius="lg" p="4">
          <Text>{sent}</Text>
        </Box>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('public.requestReset.title')}>
          <Stack gap="5">
            <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} {...fieldError(errors.email)} required />
            <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText={t('public.requestReset.sending')}>
              {t('public.requestReset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text fontSize="sm" textAlign="center" mt="6">
        <ChakraLink asChild color="green.800" fontWeight="semibold">
          <Link to="/login">{t('public.requestReset.back')}</Link>
        </ChakraLink>
      </Text>
    </AuthLayout>
  );
}
