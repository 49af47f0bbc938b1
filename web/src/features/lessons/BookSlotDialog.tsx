import { Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { shortName } from '../../lib/format.ts';
import type { Teacher } from '@parliamo/domain/contracts';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import type { Slot } from '@parliamo/domain/contracts';
import { useRuleValues } from '../../lib/rule-values.ts';
import { useT } from '../../lib/i18n.tsx';

export interface BookSlotDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teacher: Teacher;
  slot: Slot;
  /** The student's hours left with this teacher. */
  hoursLeft: number;
}

/** The booking confirmation of a free lesson chosen on a teacher's public profile, in a dialog. */
export function BookSlotDialog({ open, onOpenChange, teacher, slot, hoursLeft }: BookSlotDialogProps) {
  const name = shortName(teacher.firstName, teacher.lastName);
  const t = useT();
  const rules = useRuleValues();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('public.bookSlot.title')}>
      <Text fontSize="sm" color="fg.muted" mb="4">
        {t('public.bookSlot.hoursLeft', { name, hours: hoursLeft })} {t('public.bookSlot.rules', rules)}
      </Text>
      <BookingConfirmation key={`${slot.date}/${slot.hour}`} teacherId={teacher.id} teacherName={name} chosen={slot} onBooked={() => onOpenChange(false)} />
    </AppDialog>
  );
}

export default BookSlotDialog;
