import { Button, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { isRefusal, PageRefused } from '../pages/page-states';

/**
 * A settings page's one versioned record (the platform's, a tenant's): read on mount, read again on
 * demand (a retry, a rollback, a conflict), replaced by what a save answers.
 */
export const useSettingsRecord = <Answer,>(read: () => Promise<Answer>) => {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setAnswer(await read());
    } catch (failure) {
      setError(failure as Error);
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  return { answer, setAnswer, error, load };
};

/**
 * What the page shows before its record arrives: a skeleton, the refusal page when the server
 * refused it (as every page of page.html does), or the failure with a retry.
 */
export const SettingsRecordPending = ({
  error,
  texts,
  onRetry,
}: {
  error: Error | null;
  texts: { loadFailed: string; retry: string };
  onRetry(): void;
}) =>
  error && isRefusal(error) ? (
    <PageRefused />
  ) : error ? (
    <Result
      status="error"
      title={texts.loadFailed}
      subTitle={error.message}
      extra={<Button onClick={onRetry}>{texts.retry}</Button>}
    />
  ) : (
    <Skeleton active paragraph={{ rows: 10 }} style={{ padding: 24 }} />
  );
