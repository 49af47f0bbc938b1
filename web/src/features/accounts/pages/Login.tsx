import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { LoginInput } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import type { CurrentUser } from '../../../lib/auth.ts';
import { forgetPrivateReads, invalidate, sharedQueries } from '../../../lib/queries.ts';
import { accountChanges } from '../queries.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AuthLayout, AuthOtherFormLink } from '../AuthLayout.tsx';
import { PasswordField, TextField } from '../../../components/FormFields.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { fieldError, toastInvalid } from '../../../components/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useNextPath, withNext } from '../../../lib/next-path.tsx';
import { useLocale, useT } from '../../../lib/i18n.tsx';

const resolver = lazyResolver(() => import('../auth-resolvers.ts').then((m) => m.login));

/**
 * /login: e-mail and password; success goes to /,
 * or back to the page in `?next=` when that is a page of this site (lib/next-path.ts).
 */
export default function Login() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const next = useNextPath();
  const form = useForm<LoginInput, unknown, LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const t = useT();
  const { followCookie } = useLocale();

  const submit = form.handleSubmit(
    async (credentials) => {
      try {
        const res = await apiRequest('POST', '/api/auth/login', credentials);
        const user = (await res.json().catch(() => null)) as CurrentUser | null;
        forgetPrivateReads(qc, ['teachers']);
        if (user && typeof user === 'object' && 'id' in user) qc.setQueryData(sharedQueries.session().queryKey, user);
        else await invalidate(qc, accountChanges.signedIn);
        navigate(next ?? '/', { replace: true });
        // Signing in may bring back the person's saved language (the cookie the API set from it).
        await followCookie();
        toaster.create({ type: 'success', title: t('public.login.success.title'), description: t('public.login.success.description') });
      } catch (err) {
        toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(err, t('public.login.failed')) });
      }
    },
    (invalid) => toastInvalid(invalid, { title: t('public.login.invalid.title'), description: t('public.login.invalid.description') }),
  );

  return (
    <AuthLayout title={t('public.login.title')} intro={t('public.login.intro')}>
      <PageMeta
        title={t('public.login.meta.title')}
        description={t('public.login.meta.description')}
        keywords={t('public.login.meta.keywords')}
        path="/login"
        noindex
      />
      <form onSubmit={submit} noValidate aria-label={t('public.login.title')}>
        <Stack gap="5">
          <TextField label={t('public.login.email')} type="email" autoComplete="email" {...form.register('email')} {...fieldError(errors.email)} required />
          <PasswordField label={t('public.login.password')} autoComplete="current-password" {...form.register('password')} {...fieldError(errors.password)} required />
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="green.800">
            <Link to="/request-password-reset">{t('public.login.forgot')}</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText={t('public.login.submitting')}>
            {t('public.login.submit')}
          </Button>
          <AuthOtherFormLink id="public.login.newHere" to={withNext('/register', next)} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
