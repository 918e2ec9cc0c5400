import { ErrorCodes } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import {
  downloadLogEntry,
  fetchPackageList,
  lookUpPackage,
  PACKAGE_LIST_PATH,
  PACKAGE_SEARCH_PATH,
  safeDownloadHref,
} from './download-page';

const item = {
  applicationId: 'app-scada',
  appKey: 'scada',
  name: 'SCADA',
  version: '3.2',
  operatingManual: null,
  hasPackage: true,
  sha256: null,
  forceUpdate: false,
  minSupportedVersion: null,
};

const clientFor = (routes: Parameters<typeof createFakeServer>[0]) => {
  const server = createFakeServer(routes);
  return { server, client: createApiClient({ fetch: server.fetch, getToken: () => 'tok' }) };
};

describe('download page: the user application list', () => {
  it('comes from GET /package-api/appPackage/list with the token', async () => {
    const { server, client } = clientFor({ [`GET ${PACKAGE_LIST_PATH}`]: ok([item]) });
    expect(await fetchPackageList(client)).toEqual([item]);
    expect(server.requests[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('refuses an answer that is not a list', async () => {
    const { client } = clientFor({ [`GET ${PACKAGE_LIST_PATH}`]: ok(null) });
    await expect(fetchPackageList(client)).rejects.toThrow(TypeError);
  });
});

describe('download page: package lookup', () => {
  it('POSTs {appKey} and answers the zip link', async () => {
    const { server, client } = clientFor({
      [`POST ${PACKAGE_SEARCH_PATH}`]: ok({
        zip: '/package-api/appPackage/download/scada?ticket=t',
        fileName: 'a.zip',
        size: 3,
      }),
    });
    expect(await lookUpPackage(client, 'scada')).toEqual({
      kind: 'found',
      zip: '/package-api/appPackage/download/scada?ticket=t',
      fileName: 'a.zip',
    });
    expect(server.requests[0]!.body).toEqual({ appKey: 'scada' });
  });

  it('turns NO_DOWNLOAD_PACKAGE into the warning 暂无下载包', async () => {
    const { code, status, message } = ErrorCodes.NO_DOWNLOAD_PACKAGE;
    const { client } = clientFor({
      [`POST ${PACKAGE_SEARCH_PATH}`]: failure(code, message, status, 'NO_DOWNLOAD_PACKAGE'),
    });
    expect(await lookUpPackage(client, 'scada')).toEqual({ kind: 'none', message: '暂无下载包' });
  });

  it('passes other failures on', async () => {
    const { client } = clientFor({
      [`POST ${PACKAGE_SEARCH_PATH}`]: failure(40321, '该租户未开通此应用', 403, 'APPLICATION_NOT_EMPOWERED'),
    });
    await expect(lookUpPackage(client, 'scada')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('download page: usage log and link', () => {
  it('logs a download as type 2 of the application', () => {
    expect(downloadLogEntry(item)).toMatchObject({
      type: 2,
      applicationId: 'app-scada',
      applicationName: 'SCADA',
      result: 1,
    });
  });

  it('follows only links on this server', () => {
    expect(safeDownloadHref('/package-api/appPackage/download/a?ticket=1', 'http://host:3000')).toBe(
      'http://host:3000/package-api/appPackage/download/a?ticket=1',
    );
    expect(safeDownloadHref('https://evil.example/a.zip', 'http://host:3000')).toBeNull();
    expect(safeDownloadHref('javascript:alert(1)', 'http://host:3000')).toBeNull();
  });
});
