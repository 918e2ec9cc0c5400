import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Empty, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLocalizedTexts } from '../../../i18n/texts';
import { readStoredToken } from '../../../lib/storage-keys';
import { pageTexts } from '../page-texts';
import { previewImageSource } from '../preview-source';

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** /preview?imgUrl=: the effect drawing of a menu item that has no page (spec section 2). */
const PreviewPage = () => {
  const texts = useLocalizedTexts(pageTexts).preview;
  const [params] = useSearchParams();
  const source = previewImageSource(params.get('imgUrl'), readStoredToken());
  // The zoom is the state a user expects back after a look at another tab (the route is cached).
  const [step, setStep] = useState(ZOOM_STEPS.indexOf(1));
  const [failedSource, setFailedSource] = useState<string | null>(null);

  if (!source) return <Empty data-testid="preview-empty" description={texts.noImage} />;
  const scale = ZOOM_STEPS[step]!;

  return (
    <div className="preview-page" data-testid="preview-page">
      <Space className="preview-page__toolbar">
        <Button
          icon={<ZoomOutOutlined />}
          aria-label={texts.zoomOut}
          data-testid="preview-zoom-out"
          disabled={step === 0}
          onClick={() => setStep((current) => Math.max(0, current - 1))}
        />
        <Button
          data-testid="preview-scale"
          onClick={() => setStep(ZOOM_STEPS.indexOf(1))}
          title={texts.reset}
        >
          {Math.round(scale * 100)}%
        </Button>
        <Button
          icon={<ZoomInOutlined />}
          aria-label={texts.zoomIn}
          data-testid="preview-zoom-in"
          disabled={step === ZOOM_STEPS.length - 1}
          onClick={() => setStep((current) => Math.min(ZOOM_STEPS.length - 1, current + 1))}
        />
      </Space>
      <div className="preview-page__canvas">
        {failedSource === source ? (
          <Empty data-testid="preview-failed" description={texts.imageFailed} />
        ) : (
          <img
            data-testid="preview-image"
            src={source}
            alt={texts.alt}
            style={{ transform: `scale(${scale})` }}
            onError={() => setFailedSource(source)}
          />
        )}
      </div>
    </div>
  );
};

export default PreviewPage;
