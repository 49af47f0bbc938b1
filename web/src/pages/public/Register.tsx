import { Button, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { RegisterInput, Registration } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { fieldError, toastInvalid } from '../../components/form-errors.ts';
import { lazyResolver } from '../../lib/lazy-resolver.ts';
import { toaster } from '../../components/toaster.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { PasswordField, TextField } from '../../components/FormFields.tsx';
import { PageMeta } from '../../components/PageMeta.tsx';
import { useNextPath, withNext } from '../../lib/next-path.tsx';

/** Every field of the registration payload (spec "Entities and their fields"), empty. */
const empty: Required<{ [K in keyof RegisterInput]: string }> = {
  email: '', password: '', confirmPassword: '', firstName: '', lastName: '', dateOfBirth: '', placeOfBirth: '',
  nationality: '', phoneNumber: '', address: '', city: '', postalCode: '', fiscalCode: '', vatNumber: '',
};

const resolver = lazyResolver(() => import('../../lib/auth-resolvers.ts').then((m) => m.register));

/** /register: creates a student account, then goes to /login, keeping a `?next=` to return to after it (validated with the API's own schema). */
export default function Register() {
  const navigate = useNavigate();
  const next = useNextPath();
  const form = useForm<RegisterInput, unknown, Registration>({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const field = (name: keyof RegisterInput) => ({ ...form.register(name), ...fieldError(errors[name]) });

  const submit = form.handleSubmit(
    async (registration) => {
      try {
        await apiRequest('POST', '/api/register', registration);
        toaster.create({ type: 'success', title: 'Registration completed', description: 'Account created successfully! You can now log in.' });
        navigate(withNext('/login', next));
      } catch (err) {
        toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Error during registration') });
      }
    },
    (invalid) => toastInvalid(invalid, { title: 'Errore', description: 'Compila tutti i campi obbligatori' }),
  );

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
            <TextField label="Email" {...field('email')} type="email" autoComplete="email" required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <PasswordField label="Password" {...field('password')} autoComplete="new-password" required />
              <PasswordField
                label="Confirm password"
                autoComplete="new-password"
                {...field('confirmPassword')}
                required
              />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">About you</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="First name" {...field('firstName')} autoComplete="given-name" required />
              <TextField label="Last name" {...field('lastName')} autoComplete="family-name" required />
              <TextField label="Date of birth" {...field('dateOfBirth')} type="date" autoComplete="bday" required />
              <TextField label="Place of birth" {...field('placeOfBirth')} required />
              <TextField label="Nationality" {...field('nationality')} required />
              <TextField label="Phone number" {...field('phoneNumber')} type="tel" autoComplete="tel" />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">Address and tax details</Heading>
            <TextField label="Address" {...field('address')} autoComplete="street-address" required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label="City" {...field('city')} autoComplete="address-level2" required />
              <TextField label="Postal code" {...field('postalCode')} autoComplete="postal-code" required />
              <TextField
                label="Fiscal code"
                maxLength={16}
                {...field('fiscalCode')}
                hint="Required only for Italian residents"
              />
              <TextField label="Partita IVA" {...field('vatNumber')} maxLength={11} hint="VAT number, if you need invoices for a business" />
            </SimpleGrid>
          </Stack>
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText="Creating account...">
            Create account
          </Button>
          <Text fontSize="sm" textAlign="center">
            Already have an account?{' '}
            <ChakraLink asChild color="green.800" fontWeight="semibold">
              <Link to={withNext('/login', next)}>Log in</Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
