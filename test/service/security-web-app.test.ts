import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serversClosedAfterEach } from './helpers';
import { T0 } from './time';

/*
 * Web mode's page (issue 8 part 5): index.html carries the per-run bridge token, so no other site
 * may frame it (clickjacking). The built page's meta CSP cannot say frame-ancestors (browsers
 * ignore it in a meta tag), so the service sends it as a header, with X-Frame-Options for older
 * browsers. Regression test for a page that was served without either.
 */

const { newServer } = serversClosedAfterEach(T0);
let appDir: string;
afterEach(() => rmSync(appDir, { recursive: true, force: true }));

describe('the web renderer page', () => {
  it('may not be framed: CSP frame-ancestors none and X-Frame-Options DENY on every index.html', async () => {
    appDir = mkdtempSync(join(tmpdir(), 'engage-web-sec-'));
    writeFileSync(
      join(appDir, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const server = await newServer({ webBridge: { token: 'tok-0123456789abcdef', appDir } });
    for (const path of ['/', '/index.html', '/patients/pat_1']) {
      const res = await fetch(`${server.service.origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('engage-bridge-token');
      expect(res.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
