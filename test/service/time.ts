/** Time for the tests: durations in milliseconds and the instant fake real time starts at. */
export const SEC = 1000;
export const MIN = 60 * SEC;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const T0_ISO = '2026-05-10T08:00:00.000Z';
export const T0 = Date.parse(T0_ISO);
export const iso = (ms: number) => new Date(ms).toISOString();
