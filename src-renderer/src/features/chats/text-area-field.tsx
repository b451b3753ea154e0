import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** A labelled textarea with hint and error, wired like the design system's TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = textarea.id ?? generated;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...textarea}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
