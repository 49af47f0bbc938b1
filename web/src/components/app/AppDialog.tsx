import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useT } from '../../lib/i18n.tsx';

/**
 * The frame of the app's dialogs: centred, scrolling inside, a title, a close button. `children` go in
 * the body; `footer` (a Dialog.Footer) stays outside it, so it is in view however long the body is.
 */
export function AppDialog({
  open,
  onOpenChange,
  title,
  size,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="center" scrollBehavior="inside" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={footer ? undefined : '6'}>{children}</Dialog.Body>
            {footer}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
