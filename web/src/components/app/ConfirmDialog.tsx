import { useRef, type ReactNode } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n.tsx';

/**
 * A yes-or-no question before a change that is hard to undo (an alert dialog: focus starts on the
 * safe answer, Escape or a click outside is "no").
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  const t = useT();
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(e) => !e.open && onCancel()} initialFocusEl={() => keep.current} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{children}</Text>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="3">
              <Dialog.ActionTrigger asChild>
                <Button ref={keep} variant="outline" disabled={pending}>
                  {t('common.app.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={danger ? 'red' : 'green'} loading={pending} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
