import type { ReactNode } from 'react';
import '../../styles/forms.css';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown between the label and the control, read out with the control. */
  hint?: ReactNode;
  /** Shown above the control, after the hint; marks the control invalid. */
  error?: string;
  /** More descriptions for the control (e.g. a character count). */
  describedBy?: string[];
  className?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

export const hintIdOf = (id: string) => `${id}-hint`;
export const errorIdOf = (id: string) => `${id}-error`;

/** A labelled form control with its hint and error, wired for screen readers. */
export function FormField({ id, label, hint, error, describedBy = [], className, children }: FormFieldProps) {
  const ids = [hint ? hintIdOf(id) : undefined, error ? errorIdOf(id) : undefined, ...describedBy].filter(Boolean);
  return (
    <div className={['form-field', error ? 'form-field--invalid' : undefined, className].filter(Boolean).join(' ')}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children({
        id,
        ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
    </div>
  );
}

/** A field's hint and error between its label (or legend) and its controls, with the ids the controls point at. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="form-field__hint" id={hintIdOf(id)}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldErrorText id={errorIdOf(id)} message={error} /> : null}
    </>
  );
}

/** An error message next to what it is about; the control points at it with aria-describedby. */
export function FieldErrorText({ id, message }: { id: string; message: string }) {
  return (
    <p className="form-field__error" id={id}>
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
