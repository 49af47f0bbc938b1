import { useState, type FormEvent } from 'react';
import { Button, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField, TextField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';

/** The registration payload of spec "Entities and their fields". */
type RegistrationForm = Record<
  | 'email' | 'password' | 'confirmPassword' | 'firstName' | 'lastName' | 'dateOfBirth' | 'placeOfBirth'
  | 'nationality' | 'phoneNumber' | 'address' | 'city' | 'postalCode' | 'fiscalCode' | 'vatNumber',
  string
>;

const empty: RegistrationForm = {
  email: '', password: '', confirmPassword: '', firstName: '', lastName: '', dateOfBirth: '', placeOfBirth: '',
  nationality: '', phoneNumber: '', address: '', city: '', postalCode: '', fiscalCode: '', vatNumber: '',
};

/** Required fields (spec "Validation rules"); phoneNumber, fiscalCode and vatNumber are optional. */
export const requiredFields = [
  'email', 'password', 'firstName', 'lastName', 'dateOfBirth', 'placeOfBirth', 'nationality', 'address', 'city', 'postalCode',
] as const;

/** /register: creates a student account, then goes to /login. */
export default function Register() {
  const [form, setForm] = useState<RegistrationForm>(empty);
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const set = (key: keyof RegistrationForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (requiredFields.some((k) => form[k].trim() === '')) {
      toaster.create({ type: 'error', title: 'Errore', description: 'Compila tutti i campi obbligatori' });
      return;
    }
    if (form.password !== form.confirmPassword) {
      setMismatch(true);
      toaster.create({ type: 'error', title: 'Error', description: 'Passwords do not match' });
      return;
    }
    setMismatch(false);
    const payload: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const value = k === 'password' || k === 'confirmPassword' ? v : v.trim();
      if (value !== '') payload[k] = value;
    }
    setPending(true);
    try {
      await apiRequest('POST', '/api/register', payload);
      toaster.create({ type: 'success', title: 'Registration completed', description: 'Account created successfully! You can now log in.' });
      navigate('/login');
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Error during registration') });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthLayout
      maxW="3xl"
      title="Create your account"
      intro="Register as a student to buy lesson hours and book lessons with our teachers. Fields marked * are required."
    >
      <PageMeta
        title="Create your account | Parliamo"
        description="Register with Parliamo to learn Italian online with qualified teachers from our school in Rome."
        keywords="register, create account, Italian lessons online, Parliamo sign up"
        path="/register"
      />
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <Stack gap="8">
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">Account</Heading>
            <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} required />
              <PasswordField
                label="Confirm password"
                name="confirmPassword"
                autoComplete="new-password"
                value={form.confirmPassword}
                onChange={set('confirmPassword')}
                error={mismatch ? 'Passwords do not match' : undefined}
                required
              />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">About you</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="First name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} required />
              <TextField label="Last name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} required />
              <TextField label="Date of birth" name="dateOfBirth" type="date" autoComplete="bday" value={form.dateOfBirth} onChange={set('dateOfBirth')} required />
              <TextField label="Place of birth" name="placeOfBirth" value={form.placeOfBirth} onChange={set('placeOfBirth')} required />
              <TextField label="Nationality" name="nationality" value={form.nationality} onChange={set('nationality')} required />
              <TextField label="Phone number" name="phoneNumber" type="tel" autoComplete="tel" value={form.phoneNumber} onChange={set('phoneNumber')} />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">Address and tax details</Heading>
            <TextField label="Address" name="address" autoComplete="street-address" value={form.address} onChange={set('address')} required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="City" name="city" autoComplete="address-level2" value={form.city} onChange={set('city')} required />
              <TextField label="Postal code" name="postalCode" autoComplete="postal-code" value={form.postalCode} onChange={set('postalCode')} required />
              <TextField
                label="Fiscal code"
                name="fiscalCode"
                maxLength={16}
                value={form.fiscalCode}
                onChange={set('fiscalCode')}
                hint="Required only for Italian residents"
              />
              <TextField label="Partita IVA" name="vatNumber" maxLength={11} value={form.vatNumber} onChange={set('vatNumber')} hint="VAT number, if you need invoices for a business" />
            </SimpleGrid>
          </Stack>
          <Button type="submit" colorPalette="green" size="lg" loading={pending} loadingText="Creating account...">
            Create account
          </Button>
          <Text fontSize="sm" textAlign="center">
            Already have an account?{' '}
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to="/login">Log in</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
