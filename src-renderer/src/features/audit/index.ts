// The audit feature's public face: the patient page's activity tab and the settings' audit log.
export * from './patient-activity';
export * from './audit-log';
