import type { ReactNode } from 'react';

export function PageHeader(props: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.description && <p className="page-description">{props.description}</p>}
      </div>
      {props.actions && <div className="page-actions">{props.actions}</div>}
    </header>
  );
}

export function Card(props: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Labels the card's region for screen readers and tests. */
  label?: string;
}) {
  return (
    <section className={`card ${props.className ?? ''}`} aria-label={props.label}>
      {(props.title || props.actions) && (
        <div className="card-header">
          {props.title && <h2>{props.title}</h2>}
          {props.actions}
        </div>
      )}
      {props.children}
    </section>
  );
}

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge(props: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge-${props.tone ?? 'neutral'}`}>{props.children}</span>;
}

/** A determinate bar for long work (seeding, bulk actions); indeterminate without `value`. */
export function ProgressBar(props: { label: string; value?: number; max?: number }) {
  const max = props.max ?? 100;
  const percent = props.value === undefined ? undefined : Math.round((props.value / max) * 100);
  return (
    <div
      className={`progress${percent === undefined ? ' progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={props.value}
    >
      <div
        className="progress-fill"
        style={percent === undefined ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
