import { useId, type ReactNode } from 'react';

/** Axis labels in the muted text colour, the same on every chart. */
export const AXIS_TICK = { fontSize: 12, fill: 'var(--color-text-muted)' };

/**
 * A chart's frame: a figure named by its title and described by the sentence that says what the
 * chart shows, so a screen reader gets the point without the plot.
 */
export function ChartFigure(props: {
  title: string;
  description: string;
  measureKey: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const descId = useId();
  return (
    <figure
      className="responses-chart"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-measure={props.measureKey}
    >
      <figcaption>
        <span className="responses-chart-title" id={titleId}>
          {props.title}
        </span>
        <span className="responses-chart-desc muted" id={descId}>
          {props.description}
        </span>
      </figcaption>
      {props.children}
    </figure>
  );
}
