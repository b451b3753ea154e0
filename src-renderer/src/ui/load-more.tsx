import { useTranslation } from 'react-i18next';
import type { BridgeFailure } from '../bridge/bridge';
import { Button } from './button';
import { ErrorState } from './states';

/**
 * Under a keyset list: the button that asks for the next page, or, when that failed, why (the
 * screen's sentence, "No se han podido cargar más envíos.", then the error's) with a retry. The
 * rows already shown stay either way.
 */
export function LoadMoreFooter(props: {
  hasMore: boolean;
  loading: boolean;
  error: BridgeFailure | null | undefined;
  onMore: () => void;
  /** What could not be loaded; "No se ha podido cargar." unless given. */
  failed?: string;
  /** The button's words when the list says what it loads ("Cargar más avisos"). */
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  if (props.error) {
    return (
      <ErrorState
        variant="notice"
        title={props.failed}
        error={props.error}
        onRetry={props.onMore}
      />
    );
  }
  if (!props.hasMore) return null;
  return (
    <div className="load-more">
      <Button size={props.size ?? 'md'} busy={props.loading} onClick={props.onMore}>
        {props.label ?? t('states.loadMore')}
      </Button>
    </div>
  );
}
