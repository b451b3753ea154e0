// The patients feature's public face: what other features may use (the rest is its own).
export * from './patient-format';
export * from './patient-search';
export * from './patient-search-box';
export * from './patients-queries';
export * from './tag-labels';
