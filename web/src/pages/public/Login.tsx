import { useState, type FormEvent } from 'react';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import type { CurrentUser } from '../../lib/auth.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField, TextField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';

/** /login: e-mail and password; success goes to / (spec "Screens and routes", "Validation rules" and "Error catalogue"). */
export default function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      toaster.create({ type: 'error', title: 'Errore', description: 'Inserisci email e password' });
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest('POST', '/api/auth/login', { email: email.trim(), password });
      const user = (await res.json().catch(() => null)) as CurrentUser | null;
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/site-config' && q.queryKey[0] !== '/api/teachers' });
      if (user && typeof user === 'object' && 'id' in user) qc.setQueryData(['/api/auth/user'], user);
      else await qc.invalidateQueries({ queryKey: ['/api/auth/user'] });
      toaster.create({ type: 'success', title: 'Successfully signed in', description: 'Welcome to Parliamo!' });
      navigate('/');
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Invalid credentials') });
    } finally {
      setPending(false);
    }
  }

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
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
          <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} required />
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" color="green.800">
            <Link to="/request-password-reset">Forgot your password?</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="green" size="lg" loading={pending} loadingText="Signing in...">
            Sign in
          </Button>
          <Text fontSize="sm" textAlign="center">
            New to Parliamo?{' '}
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to="/register">Create an account</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
