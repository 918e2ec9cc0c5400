import { DownOutlined } from '@ant-design/icons';
import { type ActionDeclaration, type ResourceDeclaration, recordLabelOf } from '@uniwim/contracts';
import { App, Button, Dropdown, Input, Space, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Language } from '../../lib/language';
import { ActionForm } from './ActionForm';
import type { AdminTexts } from './admin-texts';
import { localText } from './cells';
import type { FieldControl } from './RecordForm';
import type { AdminRow, resourceApi } from './resource-api';

/** How many declared actions (delete included) a row shows as buttons before folding them. */
const MAX_INLINE_ACTIONS = 3;
const DELETE_KEY = '__delete';

/** Actions that only make sense for a record in the recycle bin. */
const BIN_ACTIONS = new Set(['restore', 'purge']);

interface RecordActionsProps {
  declaration: ResourceDeclaration;
  record: AdminRow;
  may(code: string | undefined): boolean;
  texts: AdminTexts;
  language: Language;
  resource: ReturnType<typeof resourceApi>;
  onView(): void;
  onEdit(): void;
  onChanged(answer?: Record<string, unknown>): void;
  fieldControls?: Readonly<Record<string, FieldControl>>;
  /** The page's own buttons for this row (PageExtras.RowExtras). */
  extras?: ReactNode;
  /** Whether the row offers an action at all (PageExtras.allows). */
  allows?(record: AdminRow, action: string): boolean;
}

/** A record's row actions: detail, edit, the declared actions with their confirmations, delete. */
export const RecordActions = ({
  declaration,
  record,
  may,
  texts,
  language,
  resource,
  onView,
  onEdit,
  onChanged,
  fieldControls,
  extras,
  allows,
}: RecordActionsProps) => {
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ verb: string; action: ActionDeclaration } | null>(null);
  // Every confirmation names the record as a person knows it (a notice by its title), never by its id.
  const label = recordLabelOf(declaration, record);
  const deleted = Boolean(record.deletedAt);
  const offered = (action: string) => allows?.(record, action) !== false;
  const actions = Object.entries(declaration.actions ?? {}).filter(
    ([verb, action]) => may(action.permission) && BIN_ACTIONS.has(verb) === deleted && offered(verb),
  );
  const hasSwitch =
    !deleted &&
    'status' in record &&
    actions.some(([verb]) => verb === 'enable') &&
    actions.some(([verb]) => verb === 'disable');

  const rowActions = actions
    .filter(([verb]) => !(hasSwitch && (verb === 'enable' || verb === 'disable')))
    .filter(([, action]) => action.rowButton !== false);
  const deletable =
    !deleted && !declaration.recycleBin && may(declaration.permissions.delete) && offered('delete');
  // A row keeps its width: beyond a few, the declared actions and delete go under "more".
  const folded = rowActions.length + (deletable ? 1 : 0) > MAX_INLINE_ACTIONS;
  const inline = folded ? [] : rowActions;

  const run = async (verb: string, body: unknown = {}) => {
    setBusy(true);
    try {
      const answer = await resource.act(record.id, verb, body);
      message.success(texts.done);
      onChanged(answer);
    } catch (error) {
      message.error((error as Error).message);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  const confirmAndRun = (verb: string, action: ActionDeclaration) => {
    const title = localText(action.title, language);
    if (action.body && action.danger) {
      // A dangerous action with a confirmation field: the user types the record's name.
      let typed = '';
      modal.confirm({
        title: texts.confirmAction(title, label),
        content: (
          <Input
            placeholder={texts.typeToConfirm(label)}
            onChange={(event) => {
              typed = event.target.value;
            }}
            data-testid="admin-type-to-confirm"
          />
        ),
        okButtonProps: { danger: true },
        okText: title,
        cancelText: texts.cancel,
        onOk: async () => {
          if (typed !== label) {
            message.error(texts.typeMismatch);
            throw new Error(texts.typeMismatch);
          }
          await run(verb, { confirmName: typed });
        },
      });
      return;
    }
    if (action.body) {
      // An action that takes input asks for it in its own form.
      setAsking({ verb, action });
      return;
    }
    modal.confirm({
      title: texts.confirmAction(title, label),
      okButtonProps: { danger: action.danger === true },
      okText: title,
      cancelText: texts.cancel,
      onOk: () => run(verb),
    });
  };

  const remove = () =>
    modal.confirm({
      title: texts.confirmDelete(label),
      okButtonProps: { danger: true },
      okText: texts.delete,
      cancelText: texts.cancel,
      onOk: async () => {
        await resource.remove(record.id);
        message.success(texts.deleted);
        onChanged();
      },
    });

  return (
    <Space size={4} wrap={false} className="admin-row-actions">
      {hasSwitch && (
        // Shows the stored status; a click asks first, and nothing moves unless the server agrees.
        <Switch
          size="small"
          checked={record.status === 'active'}
          loading={busy}
          aria-label={localText(
            declaration.actions![record.status === 'active' ? 'disable' : 'enable']!.title,
            language,
          )}
          onClick={() =>
            confirmAndRun(
              record.status === 'active' ? 'disable' : 'enable',
              declaration.actions![record.status === 'active' ? 'disable' : 'enable']!,
            )
          }
          data-testid="admin-status-switch"
        />
      )}
      <Button type="link" size="small" onClick={onView} data-testid="admin-view">
        {texts.detail}
      </Button>
      {!deleted && may(declaration.permissions.update) && declaration.update && offered('edit') && (
        <Button type="link" size="small" onClick={onEdit} data-testid="admin-edit">
          {texts.edit}
        </Button>
      )}
      {inline.map(([verb, action]) => (
        <Button
          key={verb}
          type="link"
          size="small"
          danger={action.danger === true}
          onClick={() => confirmAndRun(verb, action)}
          data-testid={`admin-action-${verb}`}
        >
          {localText(action.title, language)}
        </Button>
      ))}
      {extras}
      {asking && (
        <ActionForm
          declaration={declaration}
          record={record}
          title={`${localText(asking.action.title, language)}：${label}`}
          schema={asking.action.body!}
          texts={texts}
          language={language}
          fieldControls={fieldControls}
          onCancel={() => setAsking(null)}
          submit={async (body) => {
            await run(asking.verb, body);
            setAsking(null);
          }}
        />
      )}
      {!folded && deletable && (
        <Button type="link" size="small" danger onClick={remove} data-testid="admin-delete">
          {texts.delete}
        </Button>
      )}
      {folded && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...rowActions.map(([verb, action]) => ({
                key: verb,
                danger: action.danger === true,
                label: <span data-testid={`admin-action-${verb}`}>{localText(action.title, language)}</span>,
              })),
              ...(deletable
                ? [
                    {
                      key: DELETE_KEY,
                      danger: true,
                      label: <span data-testid="admin-delete">{texts.delete}</span>,
                    },
                  ]
                : []),
            ],
            onClick: ({ key }) => {
              if (key === DELETE_KEY) return void remove();
              const chosen = rowActions.find(([verb]) => verb === key);
              if (chosen) confirmAndRun(chosen[0], chosen[1]);
            },
          }}
        >
          <Button type="link" size="small" data-testid="admin-more">
            {texts.more} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
};
