import type { MenuGrantHolders, MenuImpact } from '@uniwim/contracts';
import { type ButtonProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ModalApi } from '../../RecordForm';
import type { MenuTexts } from './menu-texts';

const roleList = (tenants: MenuGrantHolders['tenants']) => (
  <ul className="menu-editor__roles">
    {tenants.map((tenant) => (
      <li key={tenant.tenantId}>
        <Typography.Text strong>{tenant.tenantName}</Typography.Text>
        {'：'}
        {tenant.roles.map((role) => (
          <Tag key={role.roleId}>{role.roleName}</Tag>
        ))}
      </li>
    ))}
  </ul>
);

/** What the impact preview says before an item is saved. */
export const ImpactView = ({ impact, isNew, t }: { impact: MenuImpact; isNew: boolean; t: MenuTexts }) => {
  const more = impact.tenantsWithRolesTotal - impact.tenants.length;
  return (
    <div data-testid="menu-impact">
      {impact.hiddenBecause.length > 0 && (
        <Typography.Paragraph type="warning">
          {t.impactHidden}{' '}
          {impact.hiddenBecause.map((reason) => t.hiddenReasons[reason] ?? reason).join('；')}
        </Typography.Paragraph>
      )}
      {!impact.condition.valid && (
        <Typography.Paragraph type="danger">
          {t.conditionInvalid(impact.condition.error ?? '')}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>{t.impactTenants(impact.tenantTotal)}</Typography.Paragraph>
      {impact.isPublic && <Typography.Paragraph>{t.impactPublic}</Typography.Paragraph>}
      {impact.tenants.length > 0 ? (
        <>
          <Typography.Text>{isNew ? t.impactParentRoles : t.impactRoles}</Typography.Text>
          {roleList(impact.tenants)}
          {more > 0 && <Typography.Text type="secondary">{t.impactMoreTenants(more)}</Typography.Text>}
        </>
      ) : (
        !impact.isPublic && <Typography.Paragraph type="secondary">{t.impactNoRoles}</Typography.Paragraph>
      )}
      {impact.packages.length > 0 && (
        <Typography.Paragraph>
          {t.impactPackages} {impact.packages.map((p) => p.name).join('、')}
        </Typography.Paragraph>
      )}
    </div>
  );
};

/** Asks before saving, showing who will see the item; false when the user cancels. */
export const confirmImpact = (
  modal: ModalApi,
  impact: MenuImpact,
  isNew: boolean,
  t: MenuTexts,
): Promise<boolean> =>
  new Promise((resolve) => {
    modal.confirm({
      title: t.impactTitle,
      width: 600,
      okText: t.saveAnyway,
      content: <ImpactView impact={impact} isNew={isNew} t={t} />,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });

/** Asks before deleting an item roles are granted or packages include, naming them. */
export const confirmGrantedDelete = (
  modal: ModalApi,
  holders: MenuGrantHolders,
  t: MenuTexts,
): Promise<boolean> =>
  new Promise((resolve) => {
    const parts: ReactNode[] = [];
    if (holders.tenants.length > 0) {
      parts.push(
        <div key="roles">
          <Typography.Text>{t.grantedRoles}</Typography.Text>
          {roleList(holders.tenants)}
        </div>,
      );
    }
    if (holders.packages.length > 0) {
      parts.push(
        <Typography.Paragraph key="packages">
          {t.grantedPackages} {holders.packages.map((p) => p.name).join('、')}
        </Typography.Paragraph>,
      );
    }
    modal.confirm({
      title: t.grantedTitle,
      width: 560,
      okText: t.deleteAnyway,
      okButtonProps: { danger: true, 'data-testid': 'menu-delete-confirm' } as ButtonProps,
      content: <div data-testid="menu-delete-holders">{parts}</div>,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
