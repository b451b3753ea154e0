// The calls feature's public face: what other features may use (the rest is its own).
export * from './start-call-dialog';
export { dayRange } from './call-format';
