import { config } from 'zod';

/*
 * Scalar validates its configuration with zod, whose first parse probes `new Function('')` to
 * decide whether it may compile validators. The window's CSP has no 'unsafe-eval', so the probe
 * fails (harmlessly) but Chromium still reports a CSP violation. Jitless mode skips the probe.
 * This module must be evaluated before Scalar's: api-reference-panel.tsx loads it first.
 */
config({ jitless: true });
