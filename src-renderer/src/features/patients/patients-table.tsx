import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Patient } from '../../../../src-preload/contract';
import { useApp } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Badge } from '../../ui/layout';
import { ErrorState } from '../../ui/states';
import { ageOn, listName } from './patient-format';
import { useTagLabel } from './tag-labels';

/** Fixed row height: the virtualiser places rows without measuring them. */
export const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 40;
/** Ask for the next page when the last rendered row is this close to the end. */
const PREFETCH_ROWS = 25;

/**
 * The patient list as an ARIA table over a virtualised body: only the rows in view (plus a few)
 * are in the DOM, so 100,000 patients scroll as smoothly as 100. Pages arrive as the user nears
 * the end.
 */
export function PatientsTable(props: {
  rows: Patient[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('patients');
  const tagLabel = useTagLabel();
  const format = useFormat();
  const clock = useApp((s) => s.clock?.now);
  const now = clock ? new Date(clock) : new Date();
  const [, navigate] = useLocation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, hasMore, loadingMore, moreFailed, onLoadMore } = props;
  const count = rows.length + (hasMore ? 1 : 0);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && lastIndex >= rows.length - PREFETCH_ROWS) {
      onLoadMore();
    }
  }, [lastIndex, rows.length, hasMore, loadingMore, moreFailed, onLoadMore]);

  function focusRow(index: number) {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    const find = () =>
      scrollRef.current?.querySelector<HTMLAnchorElement>(`[data-row-link="${target}"]`);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    const row = find();
    // The virtualiser scrolls (clear of the sticky header); a row not rendered yet is focused
    // once it is.
    if (row) row.focus({ preventScroll: true });
    else requestAnimationFrame(() => find()?.focus({ preventScroll: true }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest<HTMLElement>('[data-row-link]');
    if (!link) return;
    const index = Number(link.dataset.rowLink);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + 10,
      PageUp: index - 10,
      Home: 0,
      End: rows.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  }

  const columns = [
    t('list.columns.name'),
    t('list.columns.phone'),
    t('list.columns.email'),
    t('list.columns.dateOfBirth'),
    t('list.columns.tags'),
    t('list.columns.status'),
  ];

  return (
    <div
      ref={scrollRef}
      className="patients-table"
      role="table"
      aria-label={t('list.tableLabel')}
      aria-rowcount={props.total + 1}
      onKeyDown={onKeyDown}
      data-testid="patients-scroll"
    >
      <div role="rowgroup" className="patients-thead">
        <div role="row" aria-rowindex={1} className="patients-row patients-head-row">
          {columns.map((label) => (
            <div role="columnheader" key={label} className="patients-cell">
              {label}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className="patients-tbody"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const style = {
            height: ROW_HEIGHT,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          };
          const patient = rows[item.index];
          if (!patient) {
            return (
              <div
                role="row"
                key={item.key}
                aria-rowindex={item.index + 2}
                className="patients-row patients-more-row"
                style={style}
              >
                <div role="cell" className="patients-cell patients-more-cell">
                  {moreFailed ? (
                    <span className="patients-more-error">
                      <ErrorState
                        variant="inline"
                        title={t('list.moreError')}
                        onRetry={onLoadMore}
                      />
                    </span>
                  ) : (
                    <span role="status" className="muted">
                      <span className="spinner" aria-hidden="true" /> {t('list.loadingMore')}
                    </span>
                  )}
                </div>
              </div>
            );
          }
          const href = `/patients/${patient.id}`;
          const age = patient.dateOfBirth ? ageOn(patient.dateOfBirth, now) : undefined;
          return (
            <div
              role="row"
              key={item.key}
              aria-rowindex={item.index + 2}
              className="patients-row patients-body-row"
              style={style}
              onClick={(event) => {
                if (!(event.target as HTMLElement).closest('a,button')) navigate(href);
              }}
            >
              <div role="cell" className="patients-cell patients-name">
                <Link href={href} data-row-link={item.index} className="patients-name-link">
                  {listName(patient)}
                </Link>
              </div>
              <div role="cell" className="patients-cell num-like">
                {patient.phone ?? <Dash />}
              </div>
              <div role="cell" className="patients-cell patients-email">
                {patient.email ?? <Dash />}
              </div>
              <div role="cell" className="patients-cell">
                {patient.dateOfBirth ? (
                  <>
                    {format.plainDate(patient.dateOfBirth)}
                    {age !== undefined && (
                      <span className="muted"> · {t('age', { count: age })}</span>
                    )}
                  </>
                ) : (
                  <Dash />
                )}
              </div>
              <div role="cell" className="patients-cell patients-tags-cell">
                {patient.tags.length ? (
                  patient.tags.map((tag) => (
                    <span key={tag} className="patients-chip patients-chip-static">
                      {tagLabel(tag)}
                    </span>
                  ))
                ) : (
                  <Dash />
                )}
              </div>
              <div role="cell" className="patients-cell">
                <StatusBadge status={patient.status} />
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Dash() {
  return (
    <span className="muted" aria-hidden="true">
      —
    </span>
  );
}

export function StatusBadge(props: { status: Patient['status'] }) {
  const { t } = useTranslation('patients');
  return (
    <Badge tone={props.status === 'active' ? 'success' : 'neutral'}>
      {t(`status.${props.status}`)}
    </Badge>
  );
}
