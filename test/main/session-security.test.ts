import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, resetFake } from './fake-electron';
import { contentSecurityPolicy } from '../../src-main/content-security-policy';
import type { RendererLocation } from '../../src-main/renderer-location';
import { secureSession } from '../../src-main/web-security';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

const built: RendererLocation = { kind: 'file', path: '/opt/engage/out/renderer/index.html' };
const ownPage = 'file:///opt/engage/out/renderer/index.html';

/** Runs a response through the recorded onHeadersReceived hook and returns its headers. */
function respond(
  session: ReturnType<typeof fakeSession>,
  responseHeaders: Record<string, string[]>,
) {
  const listener = session.webRequest.onHeadersReceived.mock.calls[0]!.at(-1);
  const callback = vi.fn();
  listener({ url: ownPage, responseHeaders }, callback);
  return callback.mock.calls[0]![0].responseHeaders as Record<string, string[]>;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

beforeEach(resetFake);

describe('Content-Security-Policy', () => {
  it('is set on responses, replacing any other, strict', () => {
    const session = fakeSession();
    secureSession(session as any, built);
    const headers = respond(session, {
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
      'Content-Type': ['text/html'],
    });
    expect(headers['Content-Type']).toEqual(['text/html']);
    const csp = Object.entries(headers).filter(([name]) => /^content-security-policy$/i.test(name));
    expect(csp).toHaveLength(1);
    const policy = directives(csp[0]![1][0]!);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp[0]![1][0]).not.toContain('unsafe-eval');
  });

  it('lets the dev server in (origin and hot-reload socket) only when it is used', () => {
    const session = fakeSession();
    secureSession(session as any, { kind: 'url', url: 'http://localhost:5173/' });
    const policy = directives(respond(session, {})['Content-Security-Policy']![0]!);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'http://localhost:5173',
      'ws://localhost:5173',
    ]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('as a meta tag leaves out what a meta tag cannot carry, and nothing else', () => {
    const header = directives(contentSecurityPolicy());
    const meta = directives(contentSecurityPolicy({ target: 'meta' }));
    header.delete('frame-ancestors');
    expect(meta).toEqual(header);
  });
});

describe('permissions', () => {
  it('denies every request except copying from our own page', () => {
    const session = fakeSession();
    secureSession(session as any, built);
    const handler = session.setPermissionRequestHandler.mock.calls[0]![0];
    const ask = (permission: string, requestingUrl: string) => {
      const callback = vi.fn();
      handler({}, permission, callback, { requestingUrl });
      return callback.mock.calls[0]![0] as boolean;
    };
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'midi']) {
      expect(ask(permission, ownPage)).toBe(false);
    }
    expect(ask('clipboard-read', ownPage)).toBe(false);
    expect(ask('clipboard-sanitized-write', ownPage)).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });

  it('answers permission checks the same way', () => {
    const session = fakeSession();
    secureSession(session as any, built);
    const check = session.setPermissionCheckHandler.mock.calls[0]![0];
    expect(check(null, 'media', 'file://', { requestingUrl: ownPage })).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'file://', { requestingUrl: ownPage })).toBe(
      true,
    );
  });
});
