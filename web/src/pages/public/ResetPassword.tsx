import { useState, type FormEvent } from 'react';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';

/** /reset-password?token=...: choose a new password with the token from the e-mail. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirmPassword) {
      toaster.create({ type: 'error', title: 'Error', description: 'Please enter and confirm your new password.' });
      return;
    }
    if (password !== confirmPassword) {
      setMismatch(true);
      toaster.create({ type: 'error', title: 'Error', description: 'Passwords do not match' });
      return;
    }
    setMismatch(false);
    setPending(true);
    try {
      await apiRequest('POST', '/api/auth/reset-password', { token, password, confirmPassword });
      toaster.create({ type: 'success', title: 'Password updated', description: 'You can now log in with your new password.' });
      navigate('/login');
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'This reset link is invalid or has expired.') });
    } finally {
      setPending(false);
    }
  }

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
          <PasswordField label="New password" name="password" autoComplete="new-password" value={password} onChange={setPassword} required />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
            error={mismatch ? 'Passwords do not match' : undefined}
            required
          />
          <Button type="submit" colorPalette="green" size="lg" loading={pending} loadingText="Saving...">
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
