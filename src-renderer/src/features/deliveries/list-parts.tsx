import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../../src-preload/contract';
import { SelectField } from '../../ui/field';
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
