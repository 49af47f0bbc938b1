import { Alert, Link } from '@chakra-ui/react';
import { useSiteConfig } from '../../lib/site.ts';

/** The launch-phase notice (spec section 1). */
export function LaunchNotice() {
  const { contactEmail } = useSiteConfig();
  return (
    <Alert.Root status="info" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>We are in our launch phase</Alert.Title>
        <Alert.Description>
          Teacher availability is limited in summer; the platform is fully operational from September 2025. To request dedicated availability or a
          specific teacher, write to{' '}
          <Link href={`mailto:${contactEmail}`} fontWeight="semibold" textDecoration="underline">
            {contactEmail}
          </Link>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
