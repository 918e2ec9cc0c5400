import type { SearchSettings, SearchSourceStatus } from '@uniwim/contracts/client';
import { InputNumber, Switch, Table, Tag, Typography } from 'antd';
import type { Language } from '../../i18n';
import type { SearchSettingsTexts } from './search-settings-texts';
import { type FieldProblems, problemAt } from './settings-form';

interface Props {
  sources: SearchSourceStatus[];
  settings: SearchSettings;
  problems: FieldProblems;
  editable: boolean;
  language: Language;
  texts: SearchSettingsTexts;
  onChange(sources: SearchSettings['sources']): void;
}

/** Each registered source: on or off, its weight, and how much of it is indexed. */
export const SearchSourcesTable = ({
  sources,
  settings,
  problems,
  editable,
  language,
  texts,
  onChange,
}: Props) => {
  const local = (text: { zh: string; en: string }) => (language === 'en-US' ? text.en : text.zh);
  const update = (source: string, change: Partial<SearchSettings['sources'][number]>) =>
    onChange(settings.sources.map((entry) => (entry.source === source ? { ...entry, ...change } : entry)));
  return (
    <Table
      size="small"
      rowKey="source"
      pagination={false}
      dataSource={sources}
      columns={[
        {
          title: texts.source,
          key: 'source',
          render: (_, source) => (
            <div data-testid={`search-source-${source.source}`}>
              <Typography.Text strong>{local(source.title)}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{local(source.description)}</Typography.Text>
              </div>
            </div>
          ),
        },
        {
          title: texts.shells,
          key: 'shells',
          render: (_, source) =>
            source.shells.map((shell) => <Tag key={shell}>{texts.shellNames[shell]}</Tag>),
        },
        {
          title: texts.enabled,
          key: 'enabled',
          render: (_, source) => {
            const entry = settings.sources.find((candidate) => candidate.source === source.source);
            return (
              <Switch
                aria-label={`${local(source.title)} ${texts.enabled}`}
                data-testid={`search-source-enabled-${source.source}`}
                checked={entry?.enabled ?? true}
                disabled={!editable}
                onChange={(enabled) => update(source.source, { enabled })}
              />
            );
          },
        },
        {
          title: texts.weight,
          key: 'weight',
          render: (_, source) => {
            const index = settings.sources.findIndex((candidate) => candidate.source === source.source);
            const problem = problemAt(problems, `sources.${index}.weight`);
            return (
              <>
                <InputNumber
                  size="small"
                  aria-label={`${local(source.title)} ${texts.weight}`}
                  min={0.1}
                  max={10}
                  step={0.1}
                  disabled={!editable}
                  status={problem ? 'error' : undefined}
                  value={settings.sources[index]?.weight ?? source.defaultWeight}
                  onChange={(weight) => update(source.source, { weight: weight ?? source.defaultWeight })}
                />
                {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
              </>
            );
          },
        },
        { title: texts.documents, dataIndex: 'documents', key: 'documents' },
        { title: texts.pending, dataIndex: 'pending', key: 'pending' },
      ]}
    />
  );
};
