import type { SearchAnswer, SearchGroup, SearchHit, SearchShell } from '@uniwim/contracts';
import type { SearchAnalytics } from './analytics';
import { highlightRanges, snippetOf } from './highlight';
import { accessLexeme, type SearchIndexer, scopeKey, sourceTag, sourceTagOf, tenantTag } from './indexer';
import { loadLexicon } from './lexicon';
import { type FoundRow, ROWS_PER_HIT, type SearchRepo, type SourceQuery } from './repo';
import type { EffectiveSettings, SearchSettingsService } from './settings';
import type { SearchSource, SearchViewer, SourceAccess } from './source';
import { isBroadQuery, type Lexicon, type ParsedQuery, parseQuery, tagQuery, textQuery } from './tokens';

/** Batches of queued records a search indexes itself before it answers (the rest in the background). */
const CATCH_UP_BATCHES = 4;

export interface SearchServiceDeps {
  repo: SearchRepo;
  indexer: SearchIndexer;
  settings: SearchSettingsService;
  analytics: SearchAnalytics;
  sources: readonly SearchSource[];
  /** Starts indexing the rest of the queue without waiting (a search found more than it indexed). */
  indexInBackground(): void;
  onError(error: unknown, message: string): void;
}

interface Asked {
  source: SearchSource;
  access: SourceAccess;
  query: SourceQuery;
}

const sourceMatch = (text: string, source: SearchSource, viewer: SearchViewer, access: SourceAccess) => {
  const qualified = (tag: string) => accessLexeme(sourceTagOf(source.name, tag));
  const groups: string[][] = [];
  if (source.tenantOwned) groups.push([qualified(tenantTag(viewer.tenantId))]);
  // Scopes narrow the candidates in their own column (repo.ts); the tags would only make the GIN
  // index build the whole match the scope walk is there to avoid.
  if (!access.scopes) groups.push(...access.tagGroups.map((group) => group.map(qualified)));
  if (groups.length === 0) {
    // A scope names its source already (scopeKey): the source's tag would only make the GIN index
    // intersect the match with every record of the source (99,000 menu items: "pump", 7,000 matches,
    // took 6-10 ms of the database's one thread instead of 3).
    if (access.scopes) return text;
    // A qualified tag names its source: the source's own tag only when nothing else narrows the search.
    groups.push([accessLexeme(sourceTag(source.name))]);
  }
  return `(${text}) & ${tagQuery(groups)}`;
};

const hitOf = (row: FoundRow, parsed: ParsedQuery, lexicon: Lexicon): SearchHit => {
  const bodyRanges = highlightRanges(row.body, parsed, lexicon);
  const { snippet, ranges } = snippetOf(row.body, bodyRanges);
  return {
    id: row.recordId,
    title: row.title,
    subtitle: row.subtitle,
    snippet,
    highlights: {
      title: highlightRanges(row.title, parsed, lexicon, { pinyin: true }),
      subtitle: highlightRanges(row.subtitle, parsed, lexicon),
      snippet: ranges,
    },
    open: row.open,
  };
};

/** The header search: one query over every source the viewer's shell asks and their settings allow. */
export const createSearchService = (deps: SearchServiceDeps) => {
  const { repo, indexer, settings, analytics, sources } = deps;

  const askedSources = async (
    viewer: SearchViewer,
    shell: SearchShell,
    effective: EffectiveSettings,
    text: string,
  ): Promise<Asked[]> => {
    const candidates = sources.filter(
      (source) => source.shells.includes(shell) && effective.enabled.has(source.name),
    );
    const accesses = await Promise.all(candidates.map((source) => source.access(viewer)));
    const asked: Asked[] = [];
    candidates.forEach((source, index) => {
      const access = accesses[index];
      if (!access) return;
      asked.push({
        source,
        access,
        query: {
          source: source.name,
          match: sourceMatch(text, source, viewer, access),
          weight: effective.weightOf.get(source.name) ?? source.defaultWeight,
          scopes: access.scopes?.map((scope) => scopeKey(source.name, scope)),
          walkScopes: source.oneDocumentPerScope === true,
        },
      });
    });
    return asked;
  };

  const find = async (
    viewer: SearchViewer,
    asked: Asked[],
    parsed: ParsedQuery,
    rankQuery: string,
    rows: number,
  ) => {
    const queries = asked.map((entry) => entry.query);
    const broad = isBroadQuery(parsed);
    let found = await repo.search(viewer.tenantId, queries, rankQuery, rows, broad);
    if (found.stale) {
      // Records changed since they were indexed: index them first, so a search finds what was just
      // saved (at most a few batches; a large backlog goes on in the background). Should indexing
      // fail, the search still answers from the index as it is.
      try {
        const taken = await indexer.drain({ wait: true, maxBatches: CATCH_UP_BATCHES });
        if (taken > 0) found = await repo.search(viewer.tenantId, queries, rankQuery, rows, broad);
      } catch (error) {
        deps.onError(error, 'indexing queued search records failed');
      }
      if (found.stale) deps.indexInBackground();
    }
    return found.rows;
  };

  return {
    search: async (viewer: SearchViewer, request: { q: string; limit: number }): Promise<SearchAnswer> => {
      const [lexicon, effective] = await Promise.all([loadLexicon(), settings.effective(viewer.tenantId)]);
      const parsed = parseQuery(request.q, lexicon, effective.synonyms);
      let groups: SearchGroup[] = [];
      if (parsed) {
        const text = textQuery(parsed);
        const asked = await askedSources(viewer, viewer.shell, effective, text);
        const rowsPerSource = request.limit * ROWS_PER_HIT + 1;
        const rows = asked.length > 0 ? await find(viewer, asked, parsed, text, rowsPerSource) : [];
        groups = asked
          .map(({ source, access }) => {
            const own = rows.filter((row) => row.source === source.name);
            const accepted = access.accepts ? own.filter((row) => access.accepts!(row.recordId)) : own;
            return {
              best: accepted[0]?.rank ?? 0,
              group: {
                source: source.name,
                title: source.title,
                hits: accepted.slice(0, request.limit).map((row) => hitOf(row, parsed, lexicon)),
                // The source had more rows than were read, or more accepted ones than shown.
                more: accepted.length > request.limit || own.length >= rowsPerSource,
              },
            };
          })
          .filter(({ group }) => group.hits.length > 0)
          // The best hit's rank orders the groups; a tie keeps the registration order.
          .sort((a, b) => b.best - a.best)
          .map(({ group }) => group);
      }
      if (viewer.tenantId) {
        analytics.record(
          viewer.tenantId,
          request.q,
          groups.reduce((total, group) => total + group.hits.length, 0),
        );
      }
      return { q: request.q, groups };
    },

    /** The hot words under the search box of the viewer's tenant. */
    hotWords: async (tenantId: string | null): Promise<string[]> =>
      (await settings.effective(tenantId)).settings.hotWords,
  };
};

export type SearchService = ReturnType<typeof createSearchService>;
