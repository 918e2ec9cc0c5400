import {
  platformDictionariesResource,
  platformDictionaryItemsResource,
  tenantDictionariesResource,
  tenantDictionaryItemsResource,
} from '@uniwim/contracts';
import { Alert, Button, Drawer, Input, Tag } from 'antd';
import { createContext, useContext, useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { AdminPageDefinition } from '../../admin-routes';
import type { FieldControl } from '../../RecordForm';
import { ResourcePage } from '../../ResourcePage';
import type { AdminRow } from '../../resource-api';
import { dictionariesTexts } from './dictionaries-texts';
import { tenantItemAllows, tenantTypeAllows } from './row-rules';

/** The dictionary whose items the drawer shows: new items go into it. */
const OpenType = createContext<{ id: string; code: string } | null>(null);

/** The item form's dictionary: the open one, shown by its code and not to be changed. */
const OpenTypeControl: FieldControl = ({ value, onChange, id }) => {
  const type = useContext(OpenType);
  useEffect(() => {
    if (type && value !== type.id) onChange?.(type.id);
  }, [type, value, onChange]);
  return <Input id={id} value={type?.code} disabled data-testid="dictionary-item-type" />;
};

/** An item's label in its tag colour, as drop-downs and lists show it. */
const labelCell = (record: AdminRow) =>
  typeof record.color === 'string' && record.color !== '' ? (
    <Tag color={record.color}>{String(record.label)}</Tag>
  ) : (
    String(record.label)
  );

const ItemsDrawer = ({ type, scope, onClose }: { type: AdminRow; scope: 'dmp' | 'ump'; onClose(): void }) => {
  const t = useLocalizedTexts(dictionariesTexts);
  const tenantPage = scope === 'ump';
  const platformType = tenantPage && type.source === 'platform';
  const mayAdd = !platformType || type.extendable === true;
  const notice = !tenantPage
    ? t.platformItems
    : platformType
      ? mayAdd
        ? t.platformType
        : t.notExtendable
      : null;
  return (
    <Drawer
      open
      size={1080}
      title={t.itemsOf(String(type.name), String(type.code))}
      onClose={onClose}
      destroyOnHidden
      data-testid="dictionary-items"
    >
      <OpenType.Provider value={{ id: type.id, code: String(type.code) }}>
        <ResourcePage
          declaration={tenantPage ? tenantDictionaryItemsResource : platformDictionaryItemsResource}
          extraQuery={{ typeId: type.id }}
          hiddenFilters={['typeId']}
          fieldControls={{ typeId: OpenTypeControl }}
          cells={{ label: labelCell }}
          allows={tenantPage ? tenantItemAllows : undefined}
          creatable={mayAdd}
          notice={notice && <Alert type="info" showIcon title={notice} />}
        />
      </OpenType.Provider>
    </Drawer>
  );
};

const itemsButton =
  (scope: 'dmp' | 'ump') =>
  ({ record }: { record: AdminRow }) => {
    const t = useLocalizedTexts(dictionariesTexts);
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="dictionary-items-open">
          {t.items}
        </Button>
        {open && <ItemsDrawer type={record} scope={scope} onClose={() => setOpen(false)} />}
      </>
    );
  };

/** /umpDict: the tenant's dictionaries, the platform's beside its own; each row opens its items. */
export const tenantDictionariesPage: AdminPageDefinition = {
  tabs: [
    { declaration: tenantDictionariesResource, RowExtras: itemsButton('ump'), allows: tenantTypeAllows },
  ],
};

/** /umpDict?scope=dmp: the platform's dictionaries, which every tenant inherits. */
export const platformDictionariesPage: AdminPageDefinition = {
  tabs: [{ declaration: platformDictionariesResource, RowExtras: itemsButton('dmp') }],
};
