import { useState, type ComponentProps } from 'react';
import { t } from '../lib/i18n-store.ts';
import { Box, Field, IconButton, Input, NativeSelect } from '@chakra-ui/react';

interface TextFieldProps extends ComponentProps<typeof Input> {
  label: string;
  hint?: string;
  /** A message shown under the field (the field is marked invalid). */
  error?: string;
  /** Marks the field invalid without a message of its own (the toast says what is missing). */
  invalid?: boolean;
  required?: boolean;
}

/** A field's label, with the required mark (hidden from screen readers: the input says it is required). */
function FieldLabel({ label, required }: { label: TextFieldProps['label']; required?: boolean }) {
  return (
    <Field.Label>
      {label}
      {required && <Field.RequiredIndicator aria-hidden="true" />}
    </Field.Label>
  );
}

/** A labelled input with an optional hint and error text; takes react-hook-form's `register(...)` props. */
export function TextField({ label, hint, error, invalid, required, ...input }: TextFieldProps) {
  return (
    <Field.Root required={required} invalid={invalid || !!error}>
      <FieldLabel label={label} required={required} />
      <Input {...input} />
      {hint && !error && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" strokeLinecap="round" />}
    </svg>
  );
}

/** A password input with a show/hide toggle; takes react-hook-form's `register(...)` props. */
export function PasswordField({ label, error, invalid, required, autoComplete, ...input }: Omit<TextFieldProps, 'hint' | 'type'> & { autoComplete: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root required={required} invalid={invalid || !!error}>
      <FieldLabel label={label} required={required} />
      <Box position="relative" w="100%">
        <Input {...input} type={visible ? 'text' : 'password'} autoComplete={autoComplete} pr="12" />
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          position="absolute"
          right="1"
          top="50%"
          transform="translateY(-50%)"
          aria-label={t(visible ? 'common.password.hide' : 'common.password.show', { label: label.toLowerCase() })}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </IconButton>
      </Box>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A labelled native select over `{ value, label }` options (filters on lists). */
export function SelectField({ label, value, onChange, options }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
