import type { Database } from '../../platform/db/database';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { MenuTreeService } from '../menus/service';
import { type AnalyticsReporter, createSearchAnalytics } from './analytics';
import { createSearchIndexer, INDEX_BATCH } from './indexer';
import { createSearchRepo } from './repo';
import { createSearchService } from './service';
import { createSearchSettingsService } from './settings';
import { searchSources } from './sources';

/** A background run that indexed this many records refreshes the planner's statistics. */
const ANALYZE_AFTER_RECORDS = 5_000;
/** Queue rows taken (by searches catching up, too) before the minute's look clears them. */
const VACUUM_AFTER_RECORDS = 1_000;
/** Looks at the queue this often in the background (a search catches up on its own at once). */
const INDEX_TICK_MS = 60_000;

export interface SearchModuleDeps {
  db: Database;
  pubsub: PubSub;
  menuTrees: MenuTreeService;
  reporter: AnalyticsReporter & { error(details: Record<string, unknown>, message: string): void };
}

/** The search module: one index of every source, its settings, its figures and its indexer. */
export const createSearchModule = ({ db, pubsub, menuTrees, reporter }: SearchModuleDeps) => {
  const sources = searchSources({ menuTrees });
  const indexer = createSearchIndexer({ db, sources });
  const settings = createSearchSettingsService({ db, pubsub, sources });
  const analytics = createSearchAnalytics({ db, reporter });
  const repo = createSearchRepo(db);
  const onError = (error: unknown, message: string) => reporter.error({ err: error }, message);

  let running: Promise<void> | undefined;
  let stopped = false;
  const indexInBackground = () => {
    if (running || stopped) return;
    const drain = async () => {
      // Batch by batch, so a server that is closing stops after the batch in hand.
      let total = 0;
      for (let taken = INDEX_BATCH; !stopped && taken === INDEX_BATCH; total += taken) {
        taken = await indexer.indexBatch(false);
      }
      if (total >= ANALYZE_AFTER_RECORDS) await indexer.analyze();
    };
    running = drain()
      .catch((error: unknown) => onError(error, 'indexing queued search records failed'))
      .finally(() => {
        running = undefined;
      });
  };

  const service = createSearchService({
    repo,
    indexer,
    settings,
    analytics,
    sources,
    indexInBackground,
    onError,
  });

  return {
    sources,
    service,
    settings,
    analytics,
    indexer,
    repo,
    /** Waits for the background indexing in progress (tests). */
    idle: () => running ?? Promise.resolve(),

    /**
     * Starts the background work: documents of an older tokenizer are queued again, and the queue is
     * looked at every minute. Nothing runs at start-up itself: the first look is a minute later (the
     * segmenter's dictionary loads then, or at the first search, never during a cold start).
     */
    start: async () => {
      const unsubscribe = await settings.listenForChanges();
      let outdatedQueued = false;
      const tick = setInterval(() => {
        void (async () => {
          if (!outdatedQueued) {
            await indexer.queueOutdated();
            outdatedQueued = true;
          }
          if (await indexer.hasPending()) indexInBackground();
          else if (!running && indexer.takenSinceMaintenance() >= VACUUM_AFTER_RECORDS)
            await indexer.analyze();
        })().catch((error: unknown) => onError(error, 'looking at the search queue failed'));
      }, INDEX_TICK_MS);
      tick.unref();
      return async () => {
        stopped = true;
        clearInterval(tick);
        await unsubscribe();
        await running;
        await analytics.flush();
      };
    },
  };
};

export type SearchModule = ReturnType<typeof createSearchModule>;
