import { Stack } from '@chakra-ui/react';
import { AppPageHeader } from '../../components/app/AppPageHeader.tsx';
import { EmptyState } from '../../components/app/states.tsx';

/** Analytics and Settings: placeholders, as the spec names them ("Screens and routes", "Roles and permissions"). */
export function Placeholder({ title }: { title: string }) {
  return (
    <Stack gap="6">
      <AppPageHeader title={title} />
      <EmptyState>{title} is coming soon.</EmptyState>
    </Stack>
  );
}

export function Analytics() {
  return <Placeholder title="Analytics" />;
}

export function Settings() {
  return <Placeholder title="Settings" />;
}
