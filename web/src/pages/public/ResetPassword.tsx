import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { resetPasswordSchema } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { fieldError, toastInvalid } from '../../components/form-errors.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';

const resolver = lazyResolver(() => import('../../lib/auth-resolvers.ts').then((m) => m.resetPassword));

/** /reset-password?token=...: choose a new password with the token from the e-mail. */
export default function ResetPassword() {
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
        toaster.create({ type: 'success', title: 'Password updated', description: 'You can now log in with your new password.' });
        navigate('/login');
      } catch (err) {
        toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'This reset link is invalid or has expired.') });
      }
    },
    (invalid) => toastInvalid(invalid, { title: 'Error', description: 'Please enter and confirm your new password.' }),
  );

  const meta = (
    <PageMeta
      title="Choose a new password | Parliamo"
      description="Choose a new password for your Parliamo account."
      keywords="new password, reset password, Parliamo account"
      path="/reset-password"
    />
  );

  if (!token) {
    return (
      <AuthLayout title="Choose a new password">
        {meta}
        <Text mb="4">This reset link is incomplete. Please open the link from the e-mail again, or ask for a new one.</Text>
        <Button asChild colorPalette="green">
          <Link to="/request-password-reset">Ask for a new link</Link>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password" intro="Enter your new password twice.">
      {meta}
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="5">
          <PasswordField label="New password" autoComplete="new-password" {...form.register('password')} {...fieldError(errors.password)} required />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.register('confirmPassword')} {...fieldError(errors.confirmPassword)} required />
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText="Saving...">
            Save new password
          </Button>
          <Text fontSize="sm" textAlign="center">
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to="/login">Back to sign in</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
