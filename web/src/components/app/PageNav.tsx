import { Button, HStack, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n.tsx';

/**
 * Previous and Next under a list the server answers a page at a time, with where the page stands
 * (`position`, already in words, announced to screen readers when it changes); `label` names the
 * navigation for screen readers. A new page is read from its top, not from where the button was: at
 * once, not with the site's smooth scrolling, which the new page's rows arriving mid-way can stop short.
 */
export function PageNav({ label, position, page, hasNext, onPage }: { label: string; position: string; page: number; hasNext: boolean; onPage: (page: number) => void }) {
  const t = useT();
  const go = (n: number) => {
    onPage(n);
    window.scrollTo({ top: 0, behavior: 'instant' });
  };
  return (
    <HStack justify="space-between" wrap="wrap" gap="2" as="nav" aria-label={label}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {position}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => go(page - 1)}>
          {t('admin.pages.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => go(page + 1)}>
          {t('admin.pages.next')}
        </Button>
      </HStack>
    </HStack>
  );
}

/** The numbers of a page's first and last rows over all pages, for "Students {from} to {to}". */
export const rowsShown = (p: { page: number; pageSize: number }, shown: number) => ({ from: (p.page - 1) * p.pageSize + 1, to: (p.page - 1) * p.pageSize + shown });
