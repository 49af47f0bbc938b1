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

/**
 * PageNav under a list answered with `hasMore` and no total: none while everything fits one page; the
 * position counts the `shown` rows over all pages ("Students 51 to 100"), and says nothing on an empty page.
 */
export function MorePageNav({ label, position, page, shown, onPage }: {
  label: string;
  position: (rows: { from: number; to: number }) => string;
  page: { page: number; pageSize: number; hasMore: boolean };
  shown: number;
  onPage: (page: number) => void;
}) {
  if (page.page === 1 && !page.hasMore) return null;
  const from = (page.page - 1) * page.pageSize + 1;
  return <PageNav label={label} position={shown > 0 ? position({ from, to: from + shown - 1 }) : ''} page={page.page} hasNext={page.hasMore} onPage={onPage} />;
}
