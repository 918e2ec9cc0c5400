import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useLocalizedTexts } from '../../../i18n/texts';
import { pageTexts } from '../page-texts';

/** /developingPage: what a menu item without a link opens (spec section 2), and routes not built yet. */
const DevelopingPage = () => {
  const texts = useLocalizedTexts(pageTexts).developing;
  return (
    <Result
      data-testid="developing-page"
      icon={<ToolOutlined />}
      title={texts.heading}
      subTitle={texts.hint}
    />
  );
};

export default DevelopingPage;
