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
import type { PatientSort, SortDirection } from './patients-store';
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
  /** The ticked patients' ids. */
  selected: ReadonlySet<string>;
  /** Ticks or unticks a row; `range` when Shift was held. */
  onToggle: (id: string, range: boolean) => void;
  /** The header's box: every loaded row on or off. */
  onToggleLoaded: (on: boolean) => void;
  sort: PatientSort;
  direction: SortDirection;
  onSort: (sort: PatientSort) => void;
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

  const columns: { label: string; sort?: PatientSort }[] = [
    { label: t('list.columns.name'), sort: 'name' },
    { label: t('list.columns.phone') },
    { label: t('list.columns.email') },
    { label: t('list.columns.dateOfBirth'), sort: 'dateOfBirth' },
    { label: t('list.columns.tags') },
    { label: t('list.columns.status') },
  ];
  const loadedSelected = rows.filter((p) => props.selected.has(p.id)).length;
  const ariaSort = (sort: PatientSort | undefined) =>
    sort && sort === props.sort
      ? props.direction === 'asc'
        ? 'ascending'
        : 'descending'
      : undefined;

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
          <div role="columnheader" className="patients-cell patients-check-cell">
            <input
              type="checkbox"
              aria-label={t('select.loaded', {
                count: rows.length,
                formatted: format.number(rows.length),
              })}
              checked={rows.length > 0 && loadedSelected === rows.length}
              ref={(box) => {
                if (box) box.indeterminate = loadedSelected > 0 && loadedSelected < rows.length;
              }}
              onChange={(e) => props.onToggleLoaded(e.target.checked)}
            />
          </div>
          {columns.map((column) => (
            <div
              role="columnheader"
              key={column.label}
              className="patients-cell"
              aria-sort={ariaSort(column.sort)}
            >
              {column.sort ? (
                <SortButton
                  label={column.label}
                  active={column.sort === props.sort}
                  direction={props.direction}
                  onClick={() => props.onSort(column.sort!)}
                />
              ) : (
                column.label
              )}
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
              aria-selected={props.selected.has(patient.id)}
              onClick={(event) => {
                if (!(event.target as HTMLElement).closest('a,button,input,label')) navigate(href);
              }}
            >
              <div role="cell" className="patients-cell patients-check-cell">
                <input
                  type="checkbox"
                  aria-label={t('select.row', { name: listName(patient) })}
                  checked={props.selected.has(patient.id)}
                  // Shift is read from the click (onChange has no modifier keys); the space bar
                  // toggles through the same click event. The box's own toggle is left alone: the
                  // render that follows agrees with it.
                  onClick={(e) => props.onToggle(patient.id, e.shiftKey)}
                  onChange={() => undefined}
                />
              </div>
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

/** A column header that sorts: says which way it sorts now, and what a click does. */
function SortButton(props: {
  label: string;
  active: boolean;
  direction: SortDirection;
  onClick: () => void;
}) {
  const { t } = useTranslation('patients');
  const arrow = props.active ? (props.direction === 'asc' ? '↑' : '↓') : '↕';
  return (
    <button
      type="button"
      className={`patients-sort${props.active ? ' patients-sort-active' : ''}`}
      onClick={props.onClick}
      title={t('list.sortBy', { column: props.label })}
    >
      {props.label}
      <span aria-hidden="true" className="patients-sort-arrow">
        {arrow}
      </span>
    </button>
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
