import {
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDeclaration } from '@uniwim/contracts';
import { Alert, App, Button, Card, Space, Switch, Table, type TableProps } from 'antd';
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import type { Language } from '../../lib/language';
import { PageRefused } from '../pages/page-states';
import { fetchCurrentUser } from '../session/current-user';
import { downloadWithToken } from './authorized-download';
import { localText, renderCell } from './cells';
import { ImportDialog } from './ImportDialog';
import { RecordActions } from './RecordActions';
import { type DetailCustomisation, RecordDetail } from './RecordDetail';
import { type FormCustomisation, RecordForm } from './RecordForm';
import { type AdminRow, resourceApi } from './resource-api';
import { type FilterValues, SearchForm } from './SearchForm';
import { ShownOnce } from './ShownOnce';
import { TableSettings } from './TableSettings';
import {
  preferencesKey,
  readPreferences,
  type TablePreferences,
  writePreferences,
} from './table-preferences';
import { useAdminTexts } from './use-admin-texts';
import { usePermissions } from './use-permissions';

/** What a page adds to the framework's list: buttons on each row and in the toolbar (the role page's users). */
export interface PageExtras {
  RowExtras?: ComponentType<{ record: AdminRow; may(code: string | undefined): boolean; refresh(): void }>;
  ToolbarExtras?: ComponentType<{ may(code: string | undefined): boolean; refresh(): void }>;
  /**
   * Whether a row offers `edit`, `delete` or a declared action (beyond the user's permission): a
   * platform record on a tenant's page, say. The server refuses them anyway; the page does not offer them.
   */
  allows?(record: AdminRow, action: string): boolean;
  /** A column's cell drawn from the whole record (a file's thumbnail, a masked secret, a label in its tag colour). */
  cells?: Readonly<Record<string, (record: AdminRow, language: Language) => ReactNode>>;
  /** Issue 16: the pager's total in the page's own words (a log's "more than 10,000" past its count cap). */
  showTotal?(total: number): ReactNode;
}

interface ResourcePageProps extends FormCustomisation, DetailCustomisation, PageExtras {
  declaration: ResourceDeclaration;
  /** Filters the page sets from outside its search form (the department tree beside the user list). */
  extraQuery?: Record<string, string | undefined>;
  /** Filters the page sets from outside the search panel (see extraQuery), left out of it. */
  hiddenFilters?: readonly string[];
  /** Batch actions of the page's own, shown when rows are selected (rows become selectable). */
  batchActions?(selected: string[], done: () => void): ReactNode;
  /** False: no create button here, whatever the permission (a dictionary the tenant may not extend). */
  creatable?: boolean;
  /** Shown above the list (why something is not offered here). */
  notice?: ReactNode;
}

/** What an answer carries beyond the record (a password, a secret, a purge report): shown once. */
const extrasOf = (declaration: ResourceDeclaration, answer: unknown): Record<string, unknown> | null => {
  if (!answer || typeof answer !== 'object') return null;
  const rowFields = new Set(Object.keys(declaration.row.shape));
  const extras = Object.entries(answer as Record<string, unknown>).filter(
    ([key, value]) => !rowFields.has(key) && value !== null && value !== undefined,
  );
  return extras.length > 0 ? Object.fromEntries(extras) : null;
};

type Editing = { mode: 'create' } | { mode: 'edit'; record: AdminRow } | null;

/**
 * One admin page from one declaration (shared/design/administration.md, "The web side"): search,
 * server-side paging and sorting, column settings and density per user, toolbar, row actions with
 * confirmations, the create/edit drawer and the detail with its history.
 */
export const ResourcePage = ({
  declaration,
  fieldControls,
  beforeSave,
  hiddenFields,
  extraQuery,
  hiddenFilters,
  batchActions,
  detailSections,
  RowExtras,
  ToolbarExtras,
  allows,
  cells,
  creatable = true,
  notice,
  showTotal,
}: ResourcePageProps) => {
  const { texts, language } = useAdminTexts();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const resource = useMemo(() => resourceApi(declaration), [declaration]);
  const [filters, setFilters] = useState<FilterValues>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [inBin, setInBin] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<AdminRow | null>(null);
  const [revealed, setRevealed] = useState<Record<string, unknown> | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      const outcome = await downloadWithToken(
        resource.exportUrl({
          ...extraQuery,
          ...filters,
          sort,
          ...(inBin ? { deleted: 'true' } : {}),
          lang: language === 'en-US' ? 'en' : undefined,
        }),
      );
      if (outcome.kind === 'job') message.info(texts.exportQueued);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const permissions = usePermissions(declaration.scope);
  const user = useQuery({ queryKey: ['admin', 'current-user'], queryFn: () => fetchCurrentUser(api) });
  const preferenceKey = preferencesKey(
    user.data?.id ?? 'anonymous',
    `${declaration.scope}.${declaration.name}`,
  );
  const [preferences, setPreferences] = useState<TablePreferences | null>(null);
  const shownPreferences = preferences ?? readPreferences(localStorage, preferenceKey);
  const savePreferences = (next: TablePreferences) => {
    setPreferences(next);
    writePreferences(localStorage, preferenceKey, next);
  };

  const query = { ...extraQuery, ...filters, ...paging, sort, ...(inBin ? { deleted: 'true' } : {}) };
  const list = useQuery({
    queryKey: ['admin', declaration.name, 'list', declaration.scope, query],
    queryFn: ({ signal }) => resource.list(query, signal),
    enabled: permissions.data?.has(declaration.permissions.list) === true,
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', declaration.name] });
  const may = (code: string | undefined) => code !== undefined && permissions.data?.has(code) === true;

  if (permissions.isSuccess && !may(declaration.permissions.list)) return <PageRefused />;

  const columns: TableProps<AdminRow>['columns'] = [
    ...declaration.columns
      .filter((column) => column.list && !shownPreferences.hidden.includes(column.key))
      .map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: localText(column.title, language),
        sorter: declaration.sortable.includes(column.key),
        sortOrder:
          sort === column.key ? ('ascend' as const) : sort === `-${column.key}` ? ('descend' as const) : null,
        render: (value: unknown, record: AdminRow) =>
          cells?.[column.key]?.(record, language) ?? renderCell(column, value, language, texts),
      })),
    {
      key: '__actions',
      title: texts.actions,
      fixed: 'right' as const,
      render: (_: unknown, record: AdminRow) => (
        <RecordActions
          declaration={declaration}
          record={record}
          may={may}
          texts={texts}
          language={language}
          resource={resource}
          fieldControls={fieldControls}
          allows={allows}
          extras={RowExtras && <RowExtras record={record} may={may} refresh={() => void refresh()} />}
          onView={() => setViewing(record)}
          onEdit={() => setEditing({ mode: 'edit', record })}
          onChanged={(answer) => {
            setRevealed(extrasOf(declaration, answer));
            void refresh();
          }}
        />
      ),
    },
  ];

  const removeSelected = () =>
    modal.confirm({
      title: texts.confirmDeleteMany(selected.length),
      okButtonProps: { danger: true },
      okText: texts.delete,
      cancelText: texts.cancel,
      onOk: async () => {
        try {
          await resource.removeMany(selected);
          message.success(texts.deleted);
          setSelected([]);
          await refresh();
        } catch (error) {
          message.error((error as Error).message);
        }
      },
    });

  return (
    <div className="admin-page" data-testid={`admin-page-${declaration.name}`}>
      <Card size="small" className="admin-page__search">
        <SearchForm
          declaration={declaration}
          texts={texts}
          language={language}
          hiddenFilters={hiddenFilters}
          onSearch={(next) => {
            setFilters(next);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      </Card>
      <Card size="small" className="admin-page__list">
        <div className="admin-toolbar">
          <Space wrap>
            {may(declaration.permissions.create) && declaration.create && creatable && !inBin && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ mode: 'create' })}
                data-testid="admin-create"
              >
                {texts.create}
              </Button>
            )}
            {may(declaration.permissions.delete) && !declaration.recycleBin && selected.length > 0 && (
              <Button danger icon={<DeleteOutlined />} onClick={removeSelected}>
                {texts.batchDelete} ({selected.length})
              </Button>
            )}
            {batchActions &&
              selected.length > 0 &&
              batchActions(selected, () => {
                setSelected([]);
                void refresh();
              })}
            {may(declaration.permissions.export) && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void exportList()}
                data-testid="admin-export"
              >
                {texts.export}
              </Button>
            )}
            {may(declaration.permissions.import) && !inBin && (
              <Button
                icon={<UploadOutlined />}
                onClick={() => setImporting(true)}
                data-testid="admin-import-button"
              >
                {texts.import}
              </Button>
            )}
            {ToolbarExtras && <ToolbarExtras may={may} refresh={() => void refresh()} />}
            {declaration.recycleBin && (
              // The label names the switch (and a click on its text toggles it).
              <label className="switch-label">
                <Switch
                  size="small"
                  checked={inBin}
                  onChange={(on) => {
                    setInBin(on);
                    setPaging((p) => ({ ...p, page: 1 }));
                  }}
                  data-testid="admin-recycle-bin"
                />
                <span>{texts.recycleBin}</span>
              </label>
            )}
          </Space>
          <Space>
            {selected.length > 0 && <span>{texts.selected(selected.length)}</span>}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void refresh()}
              aria-label={texts.refresh}
              title={texts.refresh}
            />
            <TableSettings
              declaration={declaration}
              texts={texts}
              language={language}
              value={shownPreferences}
              onChange={savePreferences}
            />
          </Space>
        </div>
        {notice}
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={texts.loadFailed}
            description={(list.error as Error).message}
            action={<Button onClick={() => void list.refetch()}>{texts.retry}</Button>}
          />
        )}
        <Table<AdminRow>
          rowKey="id"
          size={shownPreferences.density}
          loading={list.isFetching || permissions.isPending}
          columns={columns}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: texts.empty }}
          rowSelection={
            (may(declaration.permissions.delete) && !declaration.recycleBin) || batchActions
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as string[]),
                  getCheckboxProps: (record) => ({
                    disabled: !batchActions && allows?.(record, 'delete') === false,
                  }),
                }
              : undefined
          }
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: [10, 20, 50, 100, 200],
            showTotal: showTotal ?? texts.total,
          }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.order ? String(one.columnKey) : undefined;
            setSort(field ? `${one?.order === 'descend' ? '-' : ''}${field}` : undefined);
            setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 });
          }}
        />
      </Card>
      {editing && (
        <RecordForm
          declaration={declaration}
          record={editing.mode === 'edit' ? editing.record : undefined}
          texts={texts}
          language={language}
          onClose={() => setEditing(null)}
          reload={() => resource.get(editing.mode === 'edit' ? editing.record.id : '')}
          save={(body) =>
            editing.mode === 'edit' ? resource.update(editing.record.id, body) : resource.create(body)
          }
          fieldControls={fieldControls}
          beforeSave={beforeSave}
          hiddenFields={hiddenFields}
          onSaved={(answer) => {
            setEditing(null);
            setRevealed(extrasOf(declaration, answer));
            void refresh();
          }}
        />
      )}
      {viewing && (
        <RecordDetail
          declaration={declaration}
          record={viewing}
          texts={texts}
          language={language}
          onClose={() => setViewing(null)}
          detailSections={detailSections}
        />
      )}
      {importing && (
        <ImportDialog
          declaration={declaration}
          language={language}
          onClose={() => setImporting(false)}
          onImported={() => void refresh()}
        />
      )}
      {revealed && (
        <ShownOnce
          values={revealed}
          texts={texts}
          labelOf={(key) =>
            localText(
              declaration.fields?.[key] ??
                declaration.columns.find((c) => c.key === key)?.title ?? { zh: key, en: key },
              language,
            )
          }
          onClose={() => setRevealed(null)}
        />
      )}
    </div>
  );
};
