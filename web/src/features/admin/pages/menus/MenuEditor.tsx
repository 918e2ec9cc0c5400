import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminScope,
  type MenuEditorNode,
  type MenuGrantHolders,
  menusResource,
  tenantMenusResource,
} from '@uniwim/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Select,
  Space,
  Spin,
  Tag,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { ApiError } from '../../../../lib/api';
import { FileUpload } from '../../../files/FileUpload';
import { localText, renderCell } from '../../cells';
import { type FieldControl, RecordForm } from '../../RecordForm';
import { type AdminRow, resourceApi } from '../../resource-api';
import { useAdminTexts } from '../../use-admin-texts';
import { usePermissions } from '../../use-permissions';
import { conditionField } from './ConditionChecker';
import { confirmGrantedDelete, confirmImpact } from './impact';
import { MenuImportDialog } from './MenuImportDialog';
import { menuApi, saveJson } from './menu-api';
import { type MenuTexts, menuTexts } from './menu-texts';
import { dropTarget, indexEditorTree } from './tree-data';

type Editing = { mode: 'create'; parentId: string | null } | { mode: 'edit'; record: AdminRow } | null;

const nodeTitle = (node: MenuEditorNode, t: MenuTexts) => (
  <span className="menu-editor__node" data-menu-id={node.id}>
    <span>{node.name}</span>
    {node.type === 'button' && <Tag color="purple">{`${t.button} ${node.permission ?? ''}`}</Tag>}
    {node.disabled && <Tag>{t.disabled}</Tag>}
    {node.isPublic && <Tag color="cyan">{t.isPublic}</Tag>}
    {!node.editable && <Tag>{t.readOnly}</Tag>}
    {node.grantCount > 0 && <Tag color="blue">{t.grants(node.grantCount)}</Tag>}
  </span>
);

const toTreeData = (nodes: readonly MenuEditorNode[], t: MenuTexts): TreeDataNode[] =>
  nodes.map((node) => ({ key: node.id, title: nodeTitle(node, t), children: toTreeData(node.children, t) }));

const allKeys = (nodes: readonly MenuEditorNode[]): string[] =>
  nodes.flatMap((node) => [node.id, ...allKeys(node.children)]);

/**
 * /umpApplicationMenu: one application's menu tree at a time. The platform edits the global
 * catalogue; a tenant adds public items of its own beside the global ones (read-only to it). Items
 * are dragged to reorder and move them, edited in the declaration's form with every field of spec
 * section 3 (uploads through the files module, the condition checked by the shell's evaluator),
 * saved after an impact preview, deleted after naming the roles that hold them.
 */
export const MenuEditor = ({ scope }: { scope: AdminScope }) => {
  const declaration = scope === 'dmp' ? menusResource : tenantMenusResource;
  const t = useLocalizedTexts(menuTexts);
  const { texts, language } = useAdminTexts();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const calls = useMemo(() => menuApi(scope), [scope]);
  const resource = useMemo(() => resourceApi(declaration), [declaration]);
  const permissions = usePermissions(scope);
  const may = (code: string | undefined) => code === undefined || permissions.data?.has(code) === true;

  const applications = useQuery({
    queryKey: ['admin', 'menus', scope, 'applications'],
    queryFn: calls.applications,
  });
  const [chosenApplication, setChosenApplication] = useState<string | undefined>();
  const applicationId = chosenApplication ?? applications.data?.[0]?.id;
  const tree = useQuery({
    queryKey: ['admin', 'menus', scope, 'tree', applicationId],
    queryFn: () => calls.tree(applicationId!),
    enabled: applicationId !== undefined,
  });
  const items = tree.data?.items ?? [];
  const index = useMemo(() => indexEditorTree(items), [items]);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const selected = selectedId ? index.get(selectedId)?.node : undefined;
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'menus', scope, 'tree'] });

  const controls = useMemo((): Record<string, FieldControl> => {
    const upload =
      (purpose: 'image' | 'document', testId: string): FieldControl =>
      ({ value, onChange }) => (
        <FileUpload
          value={(value as string | null | undefined) ?? null}
          onChange={(next) => onChange?.(next)}
          purpose={purpose}
          scope={scope}
          testId={testId}
        />
      );
    return {
      effectDrawingFileId: upload('image', 'menu-effect-drawing'),
      manualFileId: upload('document', 'menu-manual'),
      ...(applicationId ? { condition: conditionField(scope, applicationId) } : {}),
    };
  }, [scope, applicationId]);
  // A tenant's items are public and granted to no role: no buttons, no public switch.
  const hiddenFields =
    scope === 'dmp'
      ? ['applicationId', 'parentId']
      : ['applicationId', 'parentId', 'type', 'permission', 'isPublic'];

  const fail = (error: unknown) => message.error(error instanceof Error ? error.message : String(error));

  const move = async (event: Parameters<NonNullable<Parameters<typeof Tree>[0]['onDrop']>>[0]) => {
    const dragId = String(event.dragNode.key);
    const dropPosition = event.dropPosition - Number(event.node.pos.split('-').at(-1));
    const target = dropTarget(index, {
      dragId,
      dropId: String(event.node.key),
      dropToGap: event.dropToGap,
      side: dropPosition < 0 ? -1 : dropPosition > 0 ? 1 : 0,
      dropExpanded: event.node.expanded ?? false,
    });
    const dragged = index.get(dragId)?.node;
    if (!target || !dragged) return;
    try {
      await calls.move(dragId, { ...target, version: dragged.version });
      message.success(t.moved);
    } catch (error) {
      fail(error);
    }
    await refresh();
  };

  const remove = (node: MenuEditorNode) =>
    modal.confirm({
      title: t.confirmDelete(node.name),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await calls.remove(node.id, false);
        } catch (error) {
          if (!(error instanceof ApiError && error.errorName === 'MENU_GRANTED')) return void fail(error);
          // Roles or packages hold it: named, then deleted only when confirmed.
          if (!(await confirmGrantedDelete(modal, error.details as MenuGrantHolders, t))) return;
          try {
            await calls.remove(node.id, true);
          } catch (again) {
            return void fail(again);
          }
        }
        message.success(t.deleted);
        setSelectedId(undefined);
        await refresh();
      },
    });

  const openEdit = async (node: MenuEditorNode) => {
    try {
      setEditing({ mode: 'edit', record: await resource.get(node.id) });
    } catch (error) {
      fail(error);
    }
  };

  const application = tree.data?.application;
  const canWrite = may(declaration.permissions.create);
  return (
    <div className="admin-page menu-editor" data-testid={`admin-page-menus-${scope}`}>
      <Card size="small" className="menu-editor__tree">
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            style={{ width: 220 }}
            placeholder={t.chooseApplication}
            loading={applications.isPending}
            value={applicationId}
            onChange={(next) => {
              setChosenApplication(next);
              setSelectedId(undefined);
              setExpanded(null);
            }}
            options={(applications.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            data-testid="menu-application"
          />
          {canWrite && applicationId && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create', parentId: null })}
              data-testid="menu-add-top"
            >
              {t.addTop}
            </Button>
          )}
          <Button size="small" onClick={() => setExpanded(allKeys(items))}>
            {t.expandAll}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {t.collapseAll}
          </Button>
          {scope === 'dmp' && may('menu:export') && applicationId && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void calls.exportTree(applicationId).then(saveJson, fail)}
              data-testid="menu-export"
            >
              {t.exportTree}
            </Button>
          )}
          {scope === 'dmp' && may('menu:import') && (
            <Button
              size="small"
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              data-testid="menu-import-open"
            >
              {t.importTree}
            </Button>
          )}
        </Space>
        {application && application.status !== 'published' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message={application.status === 'draft' ? t.statusDraft : t.statusOffline}
          />
        )}
        {applications.data?.length === 0 ? (
          <Empty description={t.noApplication} />
        ) : tree.isPending && applicationId ? (
          <Spin />
        ) : tree.error ? (
          <Alert type="error" showIcon message={(tree.error as Error).message} />
        ) : items.length === 0 ? (
          <Empty description={t.emptyTree} />
        ) : (
          <Tree
            blockNode
            draggable={
              may(declaration.permissions.update)
                ? { icon: false, nodeDraggable: (n) => index.get(String(n.key))?.node.editable === true }
                : false
            }
            allowDrop={({ dropNode, dropPosition }) =>
              // Into an item: only an item the scope edits; beside one: any (its parent decides).
              dropPosition !== 0 || index.get(String(dropNode.key))?.node.editable === true
            }
            treeData={toTreeData(items, t)}
            selectedKeys={selectedId ? [selectedId] : []}
            expandedKeys={expanded ?? allKeys(items)}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onSelect={(keys) => setSelectedId(keys[0] === undefined ? undefined : String(keys[0]))}
            onDrop={(event) => void move(event)}
            data-testid="menu-tree"
          />
        )}
      </Card>
      <Card size="small" className="menu-editor__detail" data-testid="menu-detail">
        {selected ? (
          <>
            <Space wrap style={{ marginBottom: 12 }}>
              {selected.editable && may(declaration.permissions.update) && (
                <Button onClick={() => void openEdit(selected)} data-testid="menu-edit">
                  {t.edit}
                </Button>
              )}
              {canWrite && (scope === 'dmp' || selected.editable) && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ mode: 'create', parentId: selected.id })}
                  data-testid="menu-add-child"
                >
                  {t.addChild}
                </Button>
              )}
              {selected.editable && may(declaration.permissions.delete) && (
                <Button danger onClick={() => remove(selected)} data-testid="menu-delete">
                  {t.delete}
                </Button>
              )}
            </Space>
            <Descriptions size="small" column={1} bordered>
              {declaration.columns.map((column) => (
                <Descriptions.Item key={column.key} label={localText(column.title, language)}>
                  {renderCell(
                    column,
                    (selected as unknown as Record<string, unknown>)[column.key],
                    language,
                    {
                      yes: texts.yes,
                      no: texts.no,
                    },
                  )}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </>
        ) : (
          <Empty description={t.chooseItem} />
        )}
      </Card>
      {editing && applicationId && (
        <RecordForm
          declaration={declaration}
          record={editing.mode === 'edit' ? editing.record : undefined}
          texts={texts}
          language={language}
          onClose={() => setEditing(null)}
          save={(body) =>
            editing.mode === 'edit' ? resource.update(editing.record.id, body) : resource.create(body)
          }
          onSaved={(answer) => {
            setEditing(null);
            setSelectedId((answer as AdminRow).id);
            void refresh();
          }}
          reload={() => resource.get((editing as { record: AdminRow }).record.id)}
          fieldControls={controls}
          hiddenFields={hiddenFields}
          fixedValues={editing.mode === 'create' ? { applicationId, parentId: editing.parentId } : undefined}
          beforeSave={async (body, record) => {
            try {
              const impact = await calls.impact({
                ...(record
                  ? { id: record.id }
                  : { parentId: editing.mode === 'create' ? editing.parentId : null }),
                applicationId,
                isPublic: body.isPublic as boolean | undefined,
                disabled: body.disabled as boolean | undefined,
                type: body.type as 'panel' | 'button' | null | undefined,
                condition: (body.condition as string | null | undefined) ?? null,
              });
              return await confirmImpact(modal, impact, !record, t);
            } catch (error) {
              fail(error);
              return false;
            }
          }}
        />
      )}
      {importing && (
        <MenuImportDialog
          calls={calls}
          onClose={() => setImporting(false)}
          onImported={(id) => {
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: ['admin', 'menus', scope] });
            setChosenApplication(id);
          }}
        />
      )}
    </div>
  );
};
