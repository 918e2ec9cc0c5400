import {
  type AdminScope,
  type Envelope,
  errorNameOf,
  FILE_UPLOAD_FIELD,
  type FilePurpose,
  OK_CODE,
  type StoredFile,
} from '@uniwim/contracts';
import {
  ApiError,
  api,
  browserTokenRefresher,
  ClientErrorCodes,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';

/** The envelope of an upload's answer → the stored file, or the ApiError the server named. */
export const storedFileOf = (status: number, text: string): StoredFile => {
  let payload: Envelope<StoredFile> & { Error?: string; Details?: unknown };
  try {
    payload = JSON.parse(text);
  } catch {
    throw new ApiError(
      ClientErrorCodes.INVALID_RESPONSE,
      INVALID_RESPONSE_MESSAGE,
      status,
      'INVALID_RESPONSE',
    );
  }
  if (typeof payload?.Code !== 'number') {
    throw new ApiError(
      ClientErrorCodes.INVALID_RESPONSE,
      INVALID_RESPONSE_MESSAGE,
      status,
      'INVALID_RESPONSE',
    );
  }
  if (payload.Code !== OK_CODE) {
    throw new ApiError(
      payload.Code,
      payload.Message || '上传失败',
      status,
      payload.Error ?? errorNameOf(payload.Code),
      payload.Details,
    );
  }
  return payload.Response;
};

export interface UploadRequest {
  file: Blob;
  fileName: string;
  purpose: FilePurpose;
  scope: AdminScope;
  /** Into the file library itself (the files page), not for a record's field. */
  keep?: boolean;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * Sends one file to the files module (`POST /{scope}/admin/files/upload`), reporting progress
 * (fetch cannot tell how much of a body was sent, so this is XMLHttpRequest).
 */
export const uploadFile = async (request: UploadRequest): Promise<StoredFile> => {
  // The token is refreshed first when it is about to expire, as every other call does.
  await browserTokenRefresher().ensureFresh();
  const token = readStoredToken();
  const query = new URLSearchParams({ purpose: request.purpose, ...(request.keep ? { keep: 'true' } : {}) });
  const body = new FormData();
  body.append(FILE_UPLOAD_FIELD, request.file, request.fileName);
  return new Promise<StoredFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/${request.scope}/admin/files/upload?${query}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        request.onProgress?.(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(storedFileOf(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(ClientErrorCodes.NETWORK, NETWORK_ERROR_MESSAGE, 0, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
};

/** What a stored file is, for a form opened on a record that already holds one. */
export const fileInfo = (fileId: string): Promise<StoredFile> =>
  api.get<StoredFile>(`/ump/files/${fileId}/info`);
