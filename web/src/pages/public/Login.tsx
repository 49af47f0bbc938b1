import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { LoginInput } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { forgetPrivateReads, invalidate, queries } from '../../lib/queries.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField, TextField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { fieldError, toastInvalid } from '../../components/form-errors.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { useNextPath, withNext } from '../../lib/next-path.tsx';

const resolver = lazyResolver(() => import('../../lib/auth-resolvers.ts').then((m) => m.login));

/**
 * /login: e-mail and password; success goes to / (spec "Screens and routes", "Validation rules" and "Error catalogue"),
 * or back to the page in `?next=` when that is a page of this site (lib/next-path.ts).
 */
export default function Login() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const next = useNextPath();
  const form = useForm<LoginInput, unknown, LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(
    async (credentials) => {
      try {
        const res = await apiRequest('POST', '/api/auth/login', credentials);
        const user = (await res.json().catch(() => null)) as CurrentUser | null;
        forgetPrivateReads(qc, ['teachers']);
        if (user && typeof user === 'object' && 'id' in user) qc.setQueryData(queries.session().queryKey, user);
        else await invalidate(qc, 'signedIn');
        toaster.create({ type: 'success', title: 'Successfully signed in', description: 'Welcome to Parliamo!' });
        navigate(next ?? '/', { replace: true });
      } catch (err) {
        toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Invalid credentials') });
      }
    },
    (invalid) => toastInvalid(invalid, { title: 'Errore', description: 'Inserisci email e password' }),
  );

  return (
    <AuthLayout title="Sign in" intro="Welcome back. Sign in to book lessons and see your hours.">
      <PageMeta
        title="Sign in | Parliamo"
        description="Sign in to your Parliamo account to book Italian lessons and see your remaining hours."
        keywords="Parliamo login, sign in, Italian lessons account"
        path="/login"
        noindex
      />
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="5">
          <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} {...fieldError(errors.email)} required />
          <PasswordField label="Password" autoComplete="current-password" {...form.register('password')} {...fieldError(errors.password)} required />
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="green.800">
            <Link to="/request-password-reset">Forgot your password?</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText="Signing in...">
            Sign in
          </Button>
          <Text fontSize="sm" textAlign="center">
            New to Parliamo?{' '}
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to={withNext('/register', next)}>Create an account</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
