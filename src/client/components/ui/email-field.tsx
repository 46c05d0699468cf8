import type { ReactNode, Ref } from 'react';
import { FormField } from './form-field';

export interface EmailFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A quick check before sending, so a typo is named at once; the service checks the address itself. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The email address field of every form that asks for one: the phone's email keyboard, autofill, no spell check. */
export function EmailField({ id, label, hint, error, value, onChange, inputRef }: EmailFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
