import { useQuery } from '@tanstack/react-query';
import type { VersionApplicationChoice, VersionPackageCheck, VersionTenantChoice } from '@uniwim/contracts';
import { Alert, Form, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { api } from '../../../../lib/api';
import { FileUpload } from '../../../files/FileUpload';
import type { AdminRow } from '../../resource-api';
import { versionsTexts } from './versions-texts';

const BASE = '/dmp/admin/versions';

interface ControlProps {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}

/** The application a new version belongs to, searched by name or key. */
export const ApplicationPicker = ({ value, onChange, id }: ControlProps) => {
  const t = useLocalizedTexts(versionsTexts);
  const [q, setQ] = useState('');
  const choices = useQuery({
    queryKey: ['admin', 'versions', 'applications', q],
    queryFn: ({ signal }) =>
      api.get<VersionApplicationChoice[]>(`${BASE}/applications`, { query: { q: q || undefined }, signal }),
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder={t.pickApplication}
      loading={choices.isFetching}
      value={(value as string | undefined) ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={(choices.data ?? []).map((app) => ({
        value: app.id,
        label: `${app.name}（${app.appKey}，${t.catalogueVersion(app.catalogueVersion)}）`,
      }))}
      data-testid="version-application"
    />
  );
};

/**
 * The tenants of a grey release. It follows the form's scope: with every tenant there is nothing
 * to choose, so it is disabled and cleared.
 */
export const TenantPicker = ({ value, onChange, id }: ControlProps) => {
  const t = useLocalizedTexts(versionsTexts);
  const form = Form.useFormInstance();
  const scope = Form.useWatch('scope', form) as string | undefined;
  const chosen = (value as string[] | undefined) ?? [];
  const [q, setQ] = useState('');
  const choices = useQuery({
    queryKey: ['admin', 'versions', 'tenants', q, chosen.join(',')],
    queryFn: ({ signal }) =>
      api.get<VersionTenantChoice[]>(`${BASE}/tenants`, {
        query: { q: q || undefined, ids: chosen.join(',') || undefined },
        signal,
      }),
    enabled: scope === 'tenants',
  });
  const forAll = scope !== 'tenants';
  useEffect(() => {
    if (forAll && chosen.length > 0) onChange?.([]);
  }, [forAll, chosen.length, onChange]);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={forAll}
      placeholder={forAll ? t.allTenants : t.pickTenants}
      showSearch={{ filterOption: false, onSearch: setQ }}
      loading={choices.isFetching}
      value={chosen}
      onChange={(next) => onChange?.(next ?? [])}
      options={(choices.data ?? []).map((tenant) => ({
        value: tenant.id,
        label: `${tenant.name}（${tenant.code}）`,
      }))}
      data-testid="version-tenants"
    />
  );
};

type PackageCheckState =
  | { state: 'checking' }
  | { state: 'readable'; result: VersionPackageCheck }
  | { state: 'refused'; message: string };

/**
 * The version's package: uploaded through the files module (purpose package, the platform's own
 * files), then checked at once to be a readable zip archive, showing its file count and SHA-256.
 * A released version keeps its package, so the control is read-only there.
 */
export const PackageUpload = ({ value, onChange, id, record }: ControlProps & { record?: AdminRow }) => {
  const t = useLocalizedTexts(versionsTexts);
  const [check, setCheck] = useState<PackageCheckState | null>(null);
  const released = record !== undefined && record.status !== 'draft';
  const checkUploaded = async (fileId: string) => {
    setCheck({ state: 'checking' });
    try {
      const result = await api.post<VersionPackageCheck>(`${BASE}/check-package`, { fileId });
      setCheck({ state: 'readable', result });
    } catch (error) {
      setCheck({ state: 'refused', message: (error as Error).message });
    }
  };
  const keptSha256 =
    check === null && record && value === record.packageFileId
      ? (record.packageSha256 as string | null)
      : null;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <FileUpload
        id={id}
        value={(value as string | null | undefined) ?? null}
        onChange={(next) => {
          onChange?.(next);
          if (!next) setCheck(null);
        }}
        onUploaded={(file) => void checkUploaded(file.id)}
        purpose="package"
        scope="dmp"
        disabled={released}
        testId="version-package"
      />
      {check?.state === 'checking' && (
        <Space size={4}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t.checking}</Typography.Text>
        </Space>
      )}
      {check?.state === 'readable' && (
        <Alert
          type="success"
          showIcon
          data-testid="version-package-check"
          title={t.checked(check.result.entries)}
          description={`${t.sha256}: ${check.result.sha256}`}
        />
      )}
      {check?.state === 'refused' && (
        <Alert type="error" showIcon data-testid="version-package-check" title={check.message} />
      )}
      {keptSha256 && (
        <Typography.Text type="secondary" copyable={{ text: keptSha256 }}>
          {`${t.sha256}: ${keptSha256}`}
        </Typography.Text>
      )}
    </Space>
  );
};
