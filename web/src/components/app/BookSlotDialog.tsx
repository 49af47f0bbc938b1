import { Text } from '@chakra-ui/react';
import { AppDialog } from './AppDialog.tsx';
import { shortName } from '../../lib/format.ts';
import type { Teacher } from '../../lib/teachers.ts';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import type { Slot } from './types.ts';
import { useRulesText } from '../../lib/site.ts';

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
  const rules = useRulesText();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Book a lesson">
      <Text fontSize="sm" color="fg.muted" mb="4">
        Hours left with {name}: {hoursLeft}. {rules('Lessons last 60 minutes; you can cancel up to 48 hours before for your hour back.')}
      </Text>
      <BookingConfirmation key={`${slot.date}/${slot.hour}`} teacherId={teacher.id} teacherName={name} chosen={slot} onBooked={() => onOpenChange(false)} />
    </AppDialog>
  );
}

export default BookSlotDialog;
