import { SettingOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from '@uniwim/contracts';
import { Button, Checkbox, Divider, Popover, Radio, Space } from 'antd';
import type { Language } from '../../lib/language';
import type { AdminTexts } from './admin-texts';
import { localText } from './cells';
import type { TablePreferences } from './table-preferences';

/** Which columns show and how dense the rows are; kept per user and resource. */
export const TableSettings = ({
  declaration,
  texts,
  language,
  value,
  onChange,
}: {
  declaration: ResourceDeclaration;
  texts: AdminTexts;
  language: Language;
  value: TablePreferences;
  onChange(next: TablePreferences): void;
}) => {
  const listed = declaration.columns.filter((column) => column.list);
  const content = (
    <div className="admin-table-settings" data-testid="admin-table-settings">
      <Space orientation="vertical">
        {listed.map((column) => (
          <Checkbox
            key={column.key}
            checked={!value.hidden.includes(column.key)}
            onChange={(event) =>
              onChange({
                ...value,
                hidden: event.target.checked
                  ? value.hidden.filter((key) => key !== column.key)
                  : [...value.hidden, column.key],
              })
            }
          >
            {localText(column.title, language)}
          </Checkbox>
        ))}
      </Space>
      <Divider size="small" />
      <div>{texts.density}</div>
      <Radio.Group
        size="small"
        value={value.density}
        onChange={(event) => onChange({ ...value, density: event.target.value })}
        options={(['large', 'middle', 'small'] as const).map((density) => ({
          value: density,
          label: texts.densityOptions[density],
        }))}
      />
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={texts.columns}>
      <Button icon={<SettingOutlined />} aria-label={texts.columns} title={texts.columns} />
    </Popover>
  );
};
