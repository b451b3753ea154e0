/**
 * The window's contract, re-exported: it lives with the service (src-main/service/contract/, free
 * of Electron and Node APIs) so both processes import it without the service importing preload.
 */
export * from '../src-main/service/contract';
