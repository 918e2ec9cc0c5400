import { Button, Result } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { ApiError } from '../../lib/api';
import { pageTexts } from './page-texts';

/** The server refused the request (403): the page is not for this user, in this tenant. */
export const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/**
 * Issue 25: what every page of page.html shows when the user may not see it, whichever request
 * was refused and however the page was opened (a menu, an address, a link).
 */
export const PageRefused = () => {
  const texts = useLocalizedTexts(pageTexts).refused;
  return <Result status="403" title={texts.heading} subTitle={texts.hint} data-testid="page-refused" />;
};

/** A page whose data did not arrive: the reason and a retry, never an endless spinner. */
export const PageLoadFailed = ({ error, onRetry }: { error: unknown; onRetry(): void }) => {
  const texts = useLocalizedTexts(pageTexts).failed;
  return (
    <Result
      status="warning"
      title={texts.heading}
      subTitle={error instanceof Error ? error.message : undefined}
      data-testid="page-load-failed"
      extra={
        <Button type="primary" onClick={onRetry}>
          {texts.retry}
        </Button>
      }
    />
  );
};

/** The refusal page for a 403, else the failure with its retry. */
export const PageFailure = ({ error, onRetry }: { error: unknown; onRetry(): void }) =>
  isRefusal(error) ? <PageRefused /> : <PageLoadFailed error={error} onRetry={onRetry} />;
