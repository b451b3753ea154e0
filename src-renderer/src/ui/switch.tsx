/**
 * An on/off switch (ARIA `switch`): a button that says its state with `aria-checked`, named by
 * the label beside it. `danger` colours the "on" state for switches that make things fail on
 * purpose (the test receiver's), rather than turn a feature on.
 */
export function Switch(props: {
  checked: boolean;
  onChange: (next: boolean) => void;
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  tone?: 'primary' | 'danger';
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-busy={props.busy || undefined}
      disabled={props.busy}
      className={`switch${props.tone === 'danger' ? ' switch-danger' : ''}`}
      onClick={() => props.onChange(!props.checked)}
    >
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}
