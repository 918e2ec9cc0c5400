import type { SearchSettings, SearchSettingsAnswer } from '@uniwim/contracts/client';
import { Alert, App, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/time-zone';
import { usePermissions } from '../admin/use-permissions';
import { PageFailure } from '../pages/page-states';
import { ConflictModal } from '../platform-settings/ConflictModal';
import { SearchAnalyticsCard } from './SearchAnalyticsCard';
import { SearchSourcesTable } from './SearchSourcesTable';
import { HotWordsEditor, SynonymsEditor } from './SearchWordsEditor';
import { searchApi } from './search-api';
import { searchSettingsTexts } from './search-settings-texts';
import { type FieldProblems, serverProblems, settingsProblems } from './settings-form';
import '../admin/admin.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; answer: SearchSettingsAnswer };

/**
 * /searchSet (issue 14): which sources the header search asks and their weights, synonyms, hot words,
 * and what users searched. One record of the active tenant with a version: a save over a newer one is
 * refused and offers a reload.
 */
const SearchSettingsView = () => {
  const texts = useLocalizedTexts(searchSettingsTexts);
  const language = useLanguage();
  const { message } = App.useApp();
  const permissions = usePermissions('ump');
  const editable = permissions.data?.has('search-settings:update') === true;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [draft, setDraft] = useState<SearchSettings | null>(null);
  const [problems, setProblems] = useState<FieldProblems>(new Map());
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);

  const load = useCallback(async () => {
    setLoaded({ kind: 'loading' });
    try {
      const answer = await searchApi.readSettings();
      setLoaded({ kind: 'ready', answer });
      setDraft(answer.settings);
      setProblems(new Map());
    } catch (error) {
      setLoaded({ kind: 'failed', error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const change = (patch: Partial<SearchSettings>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    setProblems(new Map());
  };
  const dirty = useMemo(
    () =>
      loaded.kind === 'ready' &&
      draft !== null &&
      JSON.stringify(draft) !== JSON.stringify(loaded.answer.settings),
    [loaded, draft],
  );

  // A failure first: a refused or failed read leaves no draft, and must not look like loading.
  if (loaded.kind === 'failed') return <PageFailure error={loaded.error} onRetry={() => void load()} />;
  if (loaded.kind === 'loading' || !draft) {
    return (
      <Card data-testid="search-settings-loading" title={texts.title}>
        <Skeleton active />
        <Typography.Text type="secondary">{texts.loading}</Typography.Text>
      </Card>
    );
  }
  const { answer } = loaded;

  const save = async () => {
    const found = settingsProblems(draft);
    if (found.size > 0) {
      setProblems(found);
      message.error(texts.fixErrors);
      return;
    }
    setSaving(true);
    try {
      const saved = await searchApi.saveSettings(answer.version, draft);
      setLoaded({ kind: 'ready', answer: saved });
      setDraft(saved.settings);
      message.success(texts.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else {
        if (error instanceof ApiError) setProblems(serverProblems(error.details));
        message.error(error instanceof Error ? error.message : texts.saveFailed);
      }
    } finally {
      setSaving(false);
    }
  };

  const editorProps = { settings: draft, problems, editable, texts, onChange: change };
  return (
    <div className="search-settings" data-testid="search-settings">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          size="small"
          title={texts.title}
          extra={
            <Space>
              <Typography.Text type="secondary">
                {answer.updatedBy && answer.updatedAt
                  ? texts.updatedBy(answer.updatedBy, formatDateTime(answer.updatedAt))
                  : texts.neverSaved}
              </Typography.Text>
              {editable && (
                <Button
                  type="primary"
                  loading={saving}
                  disabled={!dirty}
                  onClick={() => void save()}
                  data-testid="search-settings-save"
                >
                  {texts.save}
                </Button>
              )}
            </Space>
          }
        >
          {!editable && permissions.isSuccess && <Alert type="info" showIcon message={texts.readOnly} />}
          <Typography.Paragraph type="secondary">{texts.sourcesHint}</Typography.Paragraph>
          <SearchSourcesTable
            sources={answer.sources}
            settings={draft}
            problems={problems}
            editable={editable}
            language={language}
            texts={texts}
            onChange={(sources) => change({ sources })}
          />
        </Card>
        <Card size="small" title={texts.synonyms}>
          <SynonymsEditor {...editorProps} />
        </Card>
        <Card size="small" title={texts.hotWords}>
          <HotWordsEditor {...editorProps} />
        </Card>
        <SearchAnalyticsCard
          texts={texts}
          onAddHotWord={
            editable
              ? (query) => {
                  if (!draft.hotWords.includes(query)) change({ hotWords: [...draft.hotWords, query] });
                }
              : undefined
          }
        />
      </Space>
      <ConflictModal open={conflict} texts={texts} onReload={load} onClose={() => setConflict(false)} />
    </div>
  );
};

export default SearchSettingsView;
