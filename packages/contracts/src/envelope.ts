/** The wire envelope every API answer uses: Code 0 is success. */
export interface Envelope<T> {
  Code: number;
  Message: string;
  Response: T;
}

export const OK_CODE = 0;
export const isSuccess = (envelope: { Code: number } | null | undefined): boolean =>
  !!envelope && envelope.Code === OK_CODE;
