import { FireOutlined, SearchOutlined } from '@ant-design/icons';
import type { SearchGroup, SearchShell, ShellMenu } from '@uniwim/contracts/client';
import { AutoComplete, Input, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../i18n';
import { Highlighted } from '../search/Highlighted';
import { hitOpening, openableGroups } from '../search/hit-opening';
import { searchApi } from '../search/search-api';
import type { ShellTexts } from './shell-texts';

interface GlobalSearchProps {
  tree: ShellMenu[];
  shell: SearchShell;
  /** A visitor's page tenant (?tenant=), else the Host's. */
  tenant: string | null;
  texts: ShellTexts['search'];
  onOpen: (menu: ShellMenu) => void;
  onOpenRoute: (route: string, name: string) => void;
}

/** Waits this long after the last keystroke before asking the server. */
const TYPING_PAUSE_MS = 250;
const HOT_PREFIX = 'hot\u0000';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; groups: SearchGroup[] }
  | { kind: 'failed' };

/**
 * The header's global search (globalSearch "1", issue 14): asks the server, which searches what the
 * user may see (menu items and applications in index.html, the console's pages in admin.html, and
 * later sections' records), shows the hits grouped by source with the matches marked, and opens one
 * in the shell. Empty, it offers the tenant's hot words.
 */
export const GlobalSearch = ({ tree, shell, tenant, texts, onOpen, onOpenRoute }: GlobalSearchProps) => {
  const language = useLanguage();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [hotWords, setHotWords] = useState<string[] | null>(null);
  const [open, setOpen] = useState(false);
  /** The select closes its list after a choice; a hot word's choice keeps it open for its hits. */
  const keepOpen = useRef(false);
  const latest = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = text.trim();
    latest.current?.abort();
    if (q === '') {
      setOutcome({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    latest.current = controller;
    setOutcome({ kind: 'loading' });
    const timer = setTimeout(() => {
      searchApi
        .search(q, shell, tenant, controller.signal)
        .then((answer) => {
          if (!controller.signal.aborted) setOutcome({ kind: 'done', groups: answer.groups });
        })
        .catch(() => {
          if (!controller.signal.aborted) setOutcome({ kind: 'failed' });
        });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, shell, tenant]);

  const groups = useMemo(
    () => (outcome.kind === 'done' ? openableGroups(outcome.groups, tree) : []),
    [outcome, tree],
  );

  const options = useMemo(() => {
    if (text.trim() === '') {
      if (!hotWords?.length) return [];
      return [
        {
          label: (
            <span className="search-group-title">
              <FireOutlined /> {texts.hotWords}
            </span>
          ),
          options: hotWords.map((word) => ({
            value: `${HOT_PREFIX}${word}`,
            label: <span data-testid="search-hot-word">{word}</span>,
          })),
        },
      ];
    }
    return groups.map((group) => ({
      label: (
        <span className="search-group-title" data-testid={`search-group-${group.source}`}>
          {language === 'en-US' ? group.title.en : group.title.zh}
          {group.more && <span className="search-group-more">{texts.more}</span>}
        </span>
      ),
      options: group.hits.map((hit) => ({
        value: `${group.source}\u0000${hit.id}`,
        label: (
          <div className="search-hit" data-testid={`search-hit-${group.source}-${hit.id}`}>
            <div className="search-hit__title">
              <Highlighted text={hit.title} ranges={hit.highlights.title} />
            </div>
            {hit.subtitle && (
              <div className="search-hit__subtitle">
                <Highlighted text={hit.subtitle} ranges={hit.highlights.subtitle} />
              </div>
            )}
            {hit.snippet && (
              <div className="search-hit__snippet">
                <Highlighted text={hit.snippet} ranges={hit.highlights.snippet} />
              </div>
            )}
          </div>
        ),
      })),
    }));
  }, [groups, hotWords, language, text, texts]);

  const notFound =
    outcome.kind === 'loading' ? (
      <span className="search-status" data-testid="search-loading">
        <Spin size="small" /> {texts.loading}
      </span>
    ) : outcome.kind === 'failed' ? (
      <span className="search-status">{texts.failed}</span>
    ) : outcome.kind === 'done' ? (
      <span className="search-status" data-testid="search-empty">
        {texts.empty}
      </span>
    ) : null;

  const select = (value: string) => {
    if (value.startsWith(HOT_PREFIX)) {
      // A hot word searches: the list stays open to show what it found.
      setText(value.slice(HOT_PREFIX.length));
      keepOpen.current = true;
      return;
    }
    setOpen(false);
    const [source, id] = value.split('\u0000');
    const hit = groups
      .find((group) => group.source === source)
      ?.hits.find((candidate) => candidate.id === id);
    setText('');
    if (!hit) return;
    const opening = hitOpening(tree, hit.open);
    if (opening.kind === 'menu') onOpen(opening.menu);
    else if (opening.kind === 'route') onOpenRoute(opening.route, opening.name);
  };

  return (
    <AutoComplete
      className="shell-header__search"
      data-testid="shell-search"
      value={text}
      options={options}
      filterOption={false}
      popupMatchSelectWidth={360}
      notFoundContent={notFound}
      open={open}
      onOpenChange={(next) => {
        if (!next && keepOpen.current) {
          keepOpen.current = false;
          return;
        }
        setOpen(next);
      }}
      onChange={(value) => {
        setText(value.startsWith(HOT_PREFIX) ? text : value);
        setOpen(true);
      }}
      onSelect={select}
      onFocus={() => {
        if (hotWords !== null) return;
        setHotWords([]);
        searchApi
          .hotWords(tenant)
          .then((answer) => setHotWords(answer.hotWords))
          .catch(() => setHotWords([]));
      }}
    >
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={texts.placeholder}
        aria-label={texts.placeholder}
      />
    </AutoComplete>
  );
};
