import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { CHANNELS } from './delivery-text';

/** The channel filter of the list and the outbox ('' for every channel). */
export function ChannelFilter(props: {
  label: string;
  allLabel: string;
  value: Channel | '';
  onChange: (channel: Channel | '') => void;
}) {
  const { t } = useTranslation('deliveries');
  return (
    <SelectField
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as Channel | '')}
    >
      <option value="">{props.allLabel}</option>
      {CHANNELS.map((channel) => (
        <option key={channel} value={channel}>
          {t(`channels.${channel}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** Under a paged list: why the next page failed, and the button that asks for it. */
export function MoreFooter(props: {
  hasMore: boolean;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  /** The sentence before the error's own ("No se han podido cargar más envíos."). */
  failed: string;
  onMore: () => void;
}) {
  const { t: tc } = useTranslation();
  return (
    <>
      {props.moreError && (
        <p className="notice notice-danger" role="alert">
          {props.failed} {describeError(tc, props.moreError)}
        </p>
      )}
      {props.hasMore && (
        <div className="deliveries-more">
          <Button busy={props.loadingMore} onClick={props.onMore}>
            {tc('states.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
