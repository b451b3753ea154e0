import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The message shown under the field; also marks it aria-invalid. */
  error?: string | undefined;
}

/** Label, control, hint and error, wired together for screen readers. */
function FieldFrame(props: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && !props.error && (
        <p className="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, props: FieldProps): string | undefined {
  if (props.error) return `${id}-error`;
  return props.hint ? `${id}-hint` : undefined;
}

export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const id = input.id ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  error,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const id = select.id ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        {...select}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const id = textarea.id ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        {...textarea}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, hint, error })}
      />
    </FieldFrame>
  );
}
