// The command palette's public face: the shell mounts the keyboard layer (Ctrl+K, the shortcuts
// and their help panel).
export { KeyboardLayer } from './keyboard-layer';
