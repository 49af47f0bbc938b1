import type { ReactNode } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';

/** Placeholder rows while data loads. */
export function LoadingRows({ rows = 3, height = '12', label }: { rows?: number; height?: string; label?: string }) {
  const t = useT();
  return (
    <Stack gap="3" aria-busy="true" aria-label={label ?? t('common.app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="md" />
      ))}
    </Stack>
  );
}

/** A failed request, with the server's message. */
export function ErrorNotice({ error, fallback }: { error: unknown; fallback?: string }) {
  const t = useT();
  return (
    <Alert.Root status="error" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('common.error')}</Alert.Title>
        <Alert.Description>{errorMessage(error, fallback ?? t('common.app.errorFallback'))}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Nothing to show yet, with an optional next step. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="6" textAlign="center">
      <Text color="fg.muted">{children}</Text>
      {action && <Box mt="3">{action}</Box>}
    </Box>
  );
}

/** Loading, error, empty or the content, for one query. */
export function QueryView<T>({
  query,
  empty,
  isEmpty,
  rows,
  children,
}: {
  query: { data: T | undefined; isLoading: boolean; error: unknown };
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <LoadingRows rows={rows} />;
  if (query.error) return <ErrorNotice error={query.error} />;
  if (query.data === undefined) return null;
  if (empty && isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

/**
 * The end of a list answered a part at a time: a button that loads the next part ("Earlier lessons"),
 * busy while it loads, the error of a failed load, and once nothing more comes, a sentence saying so.
 */
export function LoadMore({ label, endText, onLoad, loading, ended, error }: {
  label: string;
  endText: string;
  onLoad: () => void;
  loading: boolean;
  ended: boolean;
  error?: unknown;
}) {
  const t = useT();
  if (ended) {
    return (
      <Text color="fg.muted" fontSize="sm" role="status">
        {endText}
      </Text>
    );
  }
  return (
    <Stack gap="2" align="flex-start">
      {error ? <ErrorNotice error={error} /> : null}
      {/* Busy, not disabled, while it loads: a disabled button would drop the keyboard's focus. */}
      <Button variant="outline" size="sm" aria-busy={loading} onClick={() => (loading ? undefined : onLoad())}>
        {loading ? t('common.app.loading') : label}
      </Button>
    </Stack>
  );
}
