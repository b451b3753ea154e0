// The credits feature's public face: what other features may use (the rest is its own).
export * from './balance-summary';
export * from './credit-labels';
export * from './credits-queries';
export * from './usage-chart';
