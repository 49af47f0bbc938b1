import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { resetPasswordSchema } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, toastInvalid } from '../../../components/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AuthLayout } from '../AuthLayout.tsx';
import { PasswordField } from '../../../components/FormFields.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { useT } from '../../../lib/i18n.tsx';

const resolver = lazyResolver(() => import('../auth-resolvers.ts').then((m) => m.resetPassword));

/** /reset-password?token=...: choose a new password with the token from the e-mail. */
export default function ResetPassword() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, z.output<typeof resetPasswordSchema>>({
    resolver,
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (body) => {
      try {
        await apiRequest('POST', '/api/auth/reset-password', body);
        toaster.create({ type: 'success', title: t('public.reset.success.title'), description: t('public.reset.success.description') });
        navigate('/login');
      } catch (err) {
        toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(err, t('public.reset.failed')) });
      }
    },
    (invalid) => toastInvalid(invalid, { title: t('common.error'), description: t('public.reset.invalid') }),
  );

  const meta = (
    <PageMeta
      title={t('public.reset.meta.title')}
      description={t('public.reset.meta.description')}
      keywords={t('public.reset.meta.keywords')}
      path="/reset-password"
    />
  );

  if (!token) {
    return (
      <AuthLayout title={t('public.reset.title')}>
        {meta}
        <Text mb="4">{t('public.reset.incomplete')}</Text>
        <Button asChild colorPalette="green">
          <Link to="/request-password-reset">{t('public.reset.askNew')}</Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('public.reset.title')} intro={t('public.reset.intro')}>
      {meta}
      <form onSubmit={submit} noValidate aria-label={t('public.reset.title')}>
        <Stack gap="5">
          <PasswordField label={t('public.reset.password')} autoComplete="new-password" {...form.register('password')} {...fieldError(errors.password)} required />
          <PasswordField label={t('public.reset.confirm')} autoComplete="new-password" {...form.register('confirmPassword')} {...fieldError(errors.confirmPassword)} required />
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText={t('public.reset.saving')}>
            {t('public.reset.submit')}
          </Button>
          <Text fontSize="sm" textAlign="center">
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to="/login">{t('public.reset.back')}</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
