import { Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { RegisterInput, Registration } from '@parliamo/domain/contracts/accounts';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { fieldError, missingFieldsToast, toastInvalid } from '../../../components/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toaster } from '../../../components/toaster.tsx';
import { AuthLayout, AuthOtherFormLink } from '../AuthLayout.tsx';
import { PasswordField, TextField } from '../../../components/FormFields.tsx';
import { PageMeta } from '../../../components/PageMeta.tsx';
import { useNextPath, withNext } from '../../../lib/next-path.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** Every field of the registration payload, empty. */
const empty: Required<{ [K in keyof RegisterInput]: string }> = {
  email: '', password: '', confirmPassword: '', firstName: '', lastName: '', dateOfBirth: '', placeOfBirth: '',
  nationality: '', phoneNumber: '', address: '', city: '', postalCode: '', fiscalCode: '', vatNumber: '',
};

const resolver = lazyResolver(() => import('../auth-resolvers.ts').then((m) => m.register));

/** /register: creates a student account, then goes to /login, keeping a `?next=` to return to after it (validated with the API's own schema). */
export default function Register() {
  const navigate = useNavigate();
  const next = useNextPath();
  const form = useForm<RegisterInput, unknown, Registration>({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const t = useT();
  const field = (name: keyof RegisterInput) => ({ ...form.register(name), ...fieldError(errors[name]) });

  const submit = form.handleSubmit(
    async (registration) => {
      try {
        await apiRequest('POST', '/api/register', registration);
        toaster.create({ type: 'success', title: t('public.register.success.title'), description: t('public.register.success.description') });
        navigate(withNext('/login', next));
      } catch (err) {
        toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(err, t('public.register.failed')) });
      }
    },
    (invalid) => toastInvalid(invalid, missingFieldsToast()),
  );

  return (
    <AuthLayout
      maxW="3xl"
      title={t('public.register.title')}
      intro={t('public.register.intro')}
    >
      <PageMeta
        title={t('public.register.meta.title')}
        description={t('public.register.meta.description')}
        keywords={t('public.register.meta.keywords')}
        path="/register"
      />
      <form onSubmit={submit} noValidate aria-label={t('public.register.title')}>
        <Stack gap="8">
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">{t('public.register.account')}</Heading>
            <TextField label={t('public.register.email')} {...field('email')} type="email" autoComplete="email" required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <PasswordField label={t('public.register.password')} {...field('password')} autoComplete="new-password" required />
              <PasswordField
                label={t('public.register.confirmPassword')}
                autoComplete="new-password"
                {...field('confirmPassword')}
                required
              />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">{t('public.register.aboutYou')}</Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label={t('public.register.firstName')} {...field('firstName')} autoComplete="given-name" required />
              <TextField label={t('public.register.lastName')} {...field('lastName')} autoComplete="family-name" required />
              <TextField label={t('public.register.dateOfBirth')} {...field('dateOfBirth')} type="date" autoComplete="bday" required />
              <TextField label={t('public.register.placeOfBirth')} {...field('placeOfBirth')} required />
              <TextField label={t('public.register.nationality')} {...field('nationality')} required />
              <TextField label={t('public.register.phoneNumber')} {...field('phoneNumber')} type="tel" autoComplete="tel" />
            </SimpleGrid>
          </Stack>
          <Stack as="fieldset" gap="4">
            <Heading as="legend" size="md" mb="3">{t('public.register.addressAndTax')}</Heading>
            <TextField label={t('public.register.address')} {...field('address')} autoComplete="street-address" required />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField label={t('public.register.city')} {...field('city')} autoComplete="address-level2" required />
              <TextField label={t('public.register.postalCode')} {...field('postalCode')} autoComplete="postal-code" required />
              <TextField
                label={t('public.register.fiscalCode')}
                maxLength={16}
                {...field('fiscalCode')}
                hint={t('public.register.fiscalCodeHint')}
              />
              <TextField label={t('public.register.vatNumber')} {...field('vatNumber')} maxLength={11} hint={t('public.register.vatNumberHint')} />
            </SimpleGrid>
          </Stack>
          <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting} loadingText={t('public.register.submitting')}>
            {t('public.register.submit')}
          </Button>
          <AuthOtherFormLink id="public.register.haveAccount" to={withNext('/login', next)} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
