// The transfers feature's public face: the patients screen's import and export.
export * from './patient-transfer-actions';
export * from './export-csv-button';
export * from './csv-download-button';
