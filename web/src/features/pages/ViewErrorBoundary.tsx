import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { isRefusal, PageLoadFailed, PageRefused } from './page-states';
import type { PageTexts } from './page-texts';

interface ViewErrorBoundaryProps {
  texts: PageTexts;
  children: ReactNode;
}

interface BoundaryProps extends ViewErrorBoundaryProps {
  /** Lets the view's queries that threw ask again on the next render. */
  resetQueries(): void;
}

/**
 * What a view that could not be shown becomes, instead of a blank frame:
 * - a request the server refused (403; page.html's queries throw refusals here): the refusal page;
 * - another failed request that reached here: the failure and a retry, which asks again;
 * - its chunk failed to load (network, the 120-second timeout, a deployment replaced the files): a
 *   reload button, as React.lazy remembers a failed import and only a page reload tries again.
 */
class Boundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override render() {
    const { texts, children, resetQueries } = this.props;
    const { failed, error } = this.state;
    if (!failed) return children;
    if (isRefusal(error)) return <PageRefused />;
    if (error instanceof ApiError) {
      const retry = () => {
        resetQueries();
        this.setState({ failed: false, error: undefined });
      };
      return <PageLoadFailed error={error} onRetry={retry} />;
    }
    return (
      <Result
        status="warning"
        title={texts.loadFailed}
        subTitle={texts.loadFailedHint}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {texts.retry}
          </Button>
        }
      />
    );
  }
}

export const ViewErrorBoundary = ({ texts, children }: ViewErrorBoundaryProps) => {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <Boundary texts={texts} resetQueries={reset}>
      {children}
    </Boundary>
  );
};
