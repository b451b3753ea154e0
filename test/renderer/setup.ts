import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// How long findBy and waitFor wait for what a test expects to appear: a bound on a hang, never a
// speed bar. Testing Library's 1 s ran out on a machine whose two cores ran two test workers and
// a third process (a screen's first render in jsdom took over a second), failing three screens
// that were right; they pass as soon as what they wait for shows.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these; the virtualised table and charts measure with them.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
