import { useTranslation } from 'react-i18next';
import type { CsvFile, InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { callOperation } from '../../data/bridge-query';
import type { AppLanguage } from '../../i18n/messages';
import { CsvDownloadButton } from './csv-download-button';

type Exported = 'deliveries' | 'calls' | 'alerts';

/**
 * "Exportar CSV" for a list screen: the `exports.<what>` operation with the screen's filters, in
 * the window's language, downloaded as the file the service names; what happened is said beside.
 */
export function ExportCsvButton<W extends Exported>(props: {
  what: W;
  filters: Omit<InputOf<'exports', W>, 'language'>;
}) {
  const { i18n } = useTranslation('transfers');
  const bridge = useBridge();
  const run = async () => {
    const input = {
      ...props.filters,
      language: (i18n.resolvedLanguage ?? 'es') as AppLanguage,
    } as InputOf<'exports', W>;
    return (await callOperation(bridge, 'exports', props.what, input)) as CsvFile;
  };
  return <CsvDownloadButton run={run} done="export.rows" />;
}
