import type { FocusEvent } from 'react';

interface CheckedFieldProps {
  id: string;
  label: string;
  value: string;
  /** The message of the shared check (src/domain/validation.ts) this value fails, shown beside it; null when fine. */
  hint: string | null | undefined;
  onValue(value: string): void;
  /** A textarea: an address stays readable on a 360 px phone. */
  multiline?: boolean;
  type?: string;
  name?: string;
  maxLength: number;
  autoComplete?: string;
  disabled?: boolean;
  onBlur?(e: FocusEvent<HTMLElement>): void;
}

/** A labelled text field of the customer's forms (sign-up, profile), with its hint tied to it for screen readers. */
export function CheckedField({ id, label, value, hint, onValue, multiline = false, type = 'text', ...rest }: CheckedFieldProps) {
  const common = {
    id,
    value,
    required: true,
    ...rest,
    'aria-invalid': hint ? true : undefined,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    onChange: (e: { target: { value: string } }) => onValue(e.target.value),
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
