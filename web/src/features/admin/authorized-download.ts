import { ApiError } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';

export type DownloadOutcome = { kind: 'file'; fileName: string } | { kind: 'job'; jobId: string };

/** `attachment; filename*=UTF-8''%E7%A7%9F...` or `filename="x.xlsx"` → the name. */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return fallback;
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
};

const save = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * Fetches a file the API serves only with the bearer token (exports, job files, error workbooks)
 * and saves it; an export too large to answer at once comes back as a job of the download centre.
 */
export const downloadWithToken = async (
  url: string,
  init: { method?: 'GET' | 'POST'; body?: BodyInit } = {},
): Promise<DownloadOutcome> => {
  const token = readStoredToken();
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json()) as {
      Code: number;
      Message: string;
      Response?: { jobId?: string };
      Error?: string;
    };
    if (envelope.Code === 0 && envelope.Response?.jobId)
      return { kind: 'job', jobId: envelope.Response.jobId };
    throw new ApiError(envelope.Code, envelope.Message, response.status, envelope.Error);
  }
  if (!response.ok) throw new ApiError(-2, `下载失败（${response.status}）`, response.status);
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'download.xlsx');
  save(await response.blob(), fileName);
  return { kind: 'file', fileName };
};
