// The deliveries feature's public face: what other features may use (the rest is its own).
export * from './schedule-dialog';
