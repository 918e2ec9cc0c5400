import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SearchSettings } from '@uniwim/contracts/client';
import { Button, Empty, Form, Select, Space, Typography } from 'antd';
import type { SearchSettingsTexts } from './search-settings-texts';
import { type FieldProblems, problemAt } from './settings-form';

/** Words typed one by one (Enter, comma or 、 ends one). */
const WordsInput = (props: {
  value: string[];
  placeholder: string;
  disabled: boolean;
  testId: string;
  label: string;
  invalid: boolean;
  onChange(words: string[]): void;
}) => (
  <Select
    mode="tags"
    open={false}
    suffixIcon={null}
    style={{ width: '100%' }}
    aria-label={props.label}
    data-testid={props.testId}
    tokenSeparators={[',', '，', '、']}
    placeholder={props.placeholder}
    disabled={props.disabled}
    status={props.invalid ? 'error' : undefined}
    value={props.value}
    onChange={(words: string[]) =>
      props.onChange(words.map((word) => word.trim()).filter((word) => word !== ''))
    }
  />
);

interface Props {
  settings: SearchSettings;
  problems: FieldProblems;
  editable: boolean;
  texts: SearchSettingsTexts;
  onChange(change: Pick<SearchSettings, 'synonyms'> | Pick<SearchSettings, 'hotWords'>): void;
}

export const SynonymsEditor = ({ settings, problems, editable, texts, onChange }: Props) => {
  const setGroup = (index: number, words: string[] | null) =>
    onChange({
      synonyms:
        words === null
          ? settings.synonyms.filter((_, at) => at !== index)
          : settings.synonyms.map((group, at) => (at === index ? words : group)),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{texts.synonymsHint}</Typography.Text>
      {settings.synonyms.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noSynonyms} />
      )}
      {settings.synonyms.map((group, index) => {
        const problem = problemAt(problems, `synonyms.${index}`);
        return (
          <Form.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: a group is known by its place in the list
            key={index}
            label={texts.synonymGroup(index + 1)}
            validateStatus={problem ? 'error' : undefined}
            help={problem}
          >
            <Space.Compact style={{ width: '100%' }}>
              <WordsInput
                value={group}
                label={texts.synonymGroup(index + 1)}
                testId={`search-synonyms-${index}`}
                placeholder={texts.synonymPlaceholder}
                disabled={!editable}
                invalid={problem !== undefined}
                onChange={(words) => setGroup(index, words)}
              />
              {editable && (
                <Button
                  aria-label={texts.remove}
                  icon={<DeleteOutlined />}
                  onClick={() => setGroup(index, null)}
                />
              )}
            </Space.Compact>
          </Form.Item>
        );
      })}
      {editable && (
        <Button
          icon={<PlusOutlined />}
          data-testid="search-add-synonyms"
          onClick={() => onChange({ synonyms: [...settings.synonyms, []] })}
        >
          {texts.addSynonymGroup}
        </Button>
      )}
    </Space>
  );
};

export const HotWordsEditor = ({ settings, problems, editable, texts, onChange }: Props) => {
  const problem = problemAt(problems, 'hotWords');
  return (
    <Form.Item extra={texts.hotWordsHint} validateStatus={problem ? 'error' : undefined} help={problem}>
      <WordsInput
        value={settings.hotWords}
        label={texts.hotWords}
        testId="search-hot-words"
        placeholder={texts.hotWordsPlaceholder}
        disabled={!editable}
        invalid={problem !== undefined}
        onChange={(hotWords) => onChange({ hotWords })}
      />
    </Form.Item>
  );
};
