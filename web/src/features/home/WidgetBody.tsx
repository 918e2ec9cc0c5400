import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { HomeTexts } from './home-texts';

/**
 * One widget's three states beside its content: loading, failed (with a retry of this widget only)
 * and empty. Every widget of the home and the workbench goes through it.
 */
export const WidgetBody = <T,>({
  query,
  texts,
  isEmpty,
  emptyText,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  texts: HomeTexts;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  testId: string;
  children: (data: T) => ReactNode;
}) => {
  if (query.isPending) {
    return (
      <div data-testid={`${testId}-loading`} role="status" aria-busy="true" aria-label={texts.loading}>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        data-testid={`${testId}-error`}
        status="warning"
        className="home-widget__error"
        title={texts.loadFailed}
        subTitle={query.error instanceof Error ? query.error.message : undefined}
        extra={
          <Button size="small" onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        }
      />
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Empty data-testid={`${testId}-empty`} image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    );
  }
  return <div data-testid={testId}>{children(query.data)}</div>;
};
