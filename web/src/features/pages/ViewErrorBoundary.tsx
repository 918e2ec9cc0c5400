import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import type { PageTexts } from './page-texts';

interface ViewErrorBoundaryProps {
  texts: PageTexts;
  children: ReactNode;
}

/**
 * A view whose chunk failed to load (network, the 120-second timeout, a deployment replaced the
 * files) shows a reload button instead of a blank frame. React.lazy remembers a failed import, so
 * only a page reload tries again.
 */
export class ViewErrorBoundary extends Component<ViewErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    const { texts, children } = this.props;
    if (!this.state.failed) return children;
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
