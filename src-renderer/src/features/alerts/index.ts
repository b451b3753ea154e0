// The alerts feature's public face: what other features may use (the rest is its own).
export * from './alerts-card';
export * from './patient-alerts';
export * from './alert-text';
