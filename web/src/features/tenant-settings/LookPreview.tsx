import { Alert, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { tenantSettingsApi } from './tenant-settings-api';
import type { TenantSettingsTexts } from './tenant-settings-texts';

const DEBOUNCE_MS = 400;

interface Frame {
  key: 'desktop' | 'phone';
  width: number;
  height: number;
  scale: number;
}
const FRAMES: Frame[] = [
  { key: 'desktop', width: 1280, height: 800, scale: 0.33 },
  { key: 'phone', width: 375, height: 760, scale: 0.35 },
];

/**
 * The real login.html with the unsaved look: each draft is kept by the server for a while and the page
 * (its server rendering and its scripts) shows it by `?preview=`, at a desktop and a phone width side
 * by side. Nothing is published until the look is saved. The frames only show: no click gets in.
 */
export const LookPreview = ({
  draft,
  texts,
}: {
  draft: Record<string, unknown> | null;
  texts: TenantSettingsTexts;
}) => {
  const [url, setUrl] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!draft) return;
    const request = ++latest.current;
    setLoading(true);
    const timer = setTimeout(async () => {
      try {
        const answer = await tenantSettingsApi.preview(draft);
        if (request !== latest.current) return;
        setUrl(answer.previewUrl);
        setRemoved(answer.removedCss);
        setError(null);
      } catch (failure) {
        if (request === latest.current) setError((failure as Error).message);
      } finally {
        if (request === latest.current) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <Card
      size="small"
      title={texts.previewTitle}
      data-testid="look-preview"
      style={{ position: 'sticky', top: 8 }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {error ? <Alert type="error" showIcon message={`${texts.previewFailed}：${error}`} /> : null}
        {removed.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="css-removed"
            message={texts.cssRemoved}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {removed.map((item) => (
                  <li key={item}>
                    <Typography.Text code>{item}</Typography.Text>
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <Spin spinning={loading} tip={texts.previewLoading}>
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            {FRAMES.map((frame) => (
              <div key={frame.key}>
                <Typography.Text type="secondary">
                  {frame.key === 'desktop' ? texts.previewDesktop : texts.previewPhone} · {frame.width}px
                </Typography.Text>
                <div
                  style={{
                    width: frame.width * frame.scale,
                    height: frame.height * frame.scale,
                    overflow: 'hidden',
                    border: '1px solid #d9d9d9',
                    borderRadius: 6,
                  }}
                >
                  {url ? (
                    <iframe
                      key={`${frame.key}-${url}`}
                      title={`${texts.previewTitle} ${frame.key}`}
                      data-testid={`preview-${frame.key}`}
                      src={url}
                      tabIndex={-1}
                      style={{
                        width: frame.width,
                        height: frame.height,
                        border: 0,
                        transform: `scale(${frame.scale})`,
                        transformOrigin: '0 0',
                        pointerEvents: 'none',
                      }}
                    />
                  ) : null}
                </div>
              </div>
            ))}
          </div>
        </Spin>
      </Space>
    </Card>
  );
};
