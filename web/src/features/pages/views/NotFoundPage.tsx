import { Button, Result } from 'antd';
import { useLocalizedTexts } from '../../../i18n/texts';
import { pageTexts } from '../page-texts';

/** /404, where every unknown route of page.html goes. */
const NotFoundPage = () => {
  const texts = useLocalizedTexts(pageTexts).notFound;
  return (
    <Result
      data-testid="not-found-page"
      status="404"
      title={texts.heading}
      subTitle={texts.hint}
      extra={
        // The shell is the top window when page.html is framed; _top leaves the frame.
        <Button type="primary" href="index.html" target="_top">
          {texts.home}
        </Button>
      }
    />
  );
};

export default NotFoundPage;
