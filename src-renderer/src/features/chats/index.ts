// The chats feature's public face: what other features may use (the rest is its own).
export * from './alert-icon';
export * from './patient-picker';
export * from './start-dialog';
export * from './start-chat-dialog';
