// The contract's public face: what the preload re-exports and the renderer imports.
export * from './bridge-result';
export * from './contract';
export * from './operation-outputs';
export * from './views';
export * from './push-events';
export * from './topics';
export * from './limits';
export * from './shortcuts';
