import { describe, expect, it } from 'vitest';
import { buildAppInfo } from '../../src-main/app-info';

describe('app.info', () => {
  it('reports the API URL, version, desktop mode and data folder', () => {
    expect(buildAppInfo({ url: 'http://127.0.0.1:4010/api/v1' }, '1.2.3', '/data')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
      version: '1.2.3',
      mode: 'desktop',
      dataDir: '/data',
    });
  });

  it('tells when the saved port was taken', () => {
    const info = buildAppInfo(
      { url: 'http://127.0.0.1:4011/api/v1', portNotice: { wanted: 4010, actual: 4011 } },
      '1.2.3',
      '/data',
    );
    expect(info.portNotice).toEqual({ wanted: 4010, actual: 4011 });
    expect(info.apiBaseUrl).toBe('http://127.0.0.1:4011/api/v1');
  });
});
