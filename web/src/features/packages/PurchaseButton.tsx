import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';

const PurchaseDialog = lazy(() => import('./PurchaseDialog.tsx'));

/** A button that opens the Purchase Hour Package dialog, loading it only on first use. */
export function PurchaseButton({
  teacherId,
  defaultOpen = false,
  children = 'Buy Hours',
  ...props
}: { teacherId?: string; defaultOpen?: boolean; children?: ReactNode } & ButtonProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [used, setUsed] = useState(defaultOpen);
  return (
    <>
      <Button
        colorPalette="green"
        {...props}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <PurchaseDialog open={open} onOpenChange={setOpen} teacherId={teacherId} />
        </Suspense>
      )}
    </>
  );
}
