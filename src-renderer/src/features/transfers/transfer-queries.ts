import { useTranslation } from 'react-i18next';
import type { ImportTarget, InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { callOperation } from '../../data/bridge-query';
import type { AppLanguage } from '../../i18n/messages';

/** The largest file the import reads (the service's IMPORT_MAX_BYTES), checked before sending. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The patient import's two operations over a file already read as base64. */
export function usePatientImport() {
  const bridge = useBridge();
  return {
    preview: (file: string, columns?: ImportTarget[]) =>
      callOperation(bridge, 'patientImport', 'preview', { file, ...(columns ? { columns } : {}) }),
    run: (file: string, columns: ImportTarget[]) =>
      callOperation(bridge, 'patientImport', 'run', { file, columns }),
  };
}

/** The patients' export: the list's filters, or given patients (a selection). */
export type PatientExportScope = Omit<InputOf<'exports', 'patients'>, 'language'>;

export function useExportPatients() {
  const bridge = useBridge();
  const { i18n } = useTranslation();
  return (scope: PatientExportScope) =>
    callOperation(bridge, 'exports', 'patients', {
      ...scope,
      language: (i18n.resolvedLanguage ?? 'es') as AppLanguage,
    });
}

/**
 * The file's bytes as base64, read with the File API (web mode and Electron alike), reporting
 * the share read as it goes.
 */
export function readAsBase64(file: File, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      // A data: URL is "data:<type>;base64,<bytes>": the bytes are what follows the comma.
      const url = String(reader.result);
      onProgress(1);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
