import type { LocalText, SearchOpen, SearchShell } from '@uniwim/contracts';
import type { Tx } from '../../platform/db/database';
import type { ActiveSession } from '../sessions/repo';
import type { TenantRecord } from '../tenants/repo';

/*
 * What the search module needs of a section to search its records: one declaration, registered in
 * sources/index.ts, plus one trigger line in the section's migration so changes queue its records:
 *
 *   CREATE TRIGGER notices_search AFTER INSERT OR UPDATE OR DELETE ON notices
 *     FOR EACH ROW EXECUTE FUNCTION search_queue_record('notices');
 *
 * The module does the rest: tokenizing, the index, keeping it current, ranking, per-tenant settings
 * (on or off, weight), highlighting and the figures.
 */

/** One record as the index holds it. */
export interface SearchDocument {
  recordId: string;
  /** null: the platform's catalogue (every tenant may find it, subject to the source's access). */
  tenantId: string | null;
  title: string;
  subtitle?: string | null;
  /** Longer text: searched, and the answer's snippet is cut from it. */
  body?: string | null;
  /** Words that find the record without being shown (codes, link paths, tags). */
  keywords?: readonly string[];
  /** Index the title's pinyin (initials and syllables): names people type as "sbgl". */
  pinyinTitle?: boolean;
  /**
   * Access tags (e.g. `app:<id>`, `role:<id>`): a viewer's access (below) lists the tags they hold,
   * and the index itself keeps out every document carrying none of them.
   */
  tags?: readonly string[];
  /**
   * One of `tags` that every viewer who may find the document holds, when there is such a tag (a menu
   * item's application). Declared together with `SourceAccess.scopes`: the index can then walk a
   * viewer's scopes in order when a query matches most of it.
   */
  scope?: string;
  open: SearchOpen;
}

/** Who is searching, and where. */
export interface SearchViewer {
  session: ActiveSession | null;
  /** The active tenant; for a visitor, the page's tenant; null on the platform. */
  tenantId: string | null;
  /** A visitor's page tenant (null for signed-in users). */
  pageTenant: TenantRecord | null;
  shell: SearchShell;
}

/** What one viewer may find of a source. */
export interface SourceAccess {
  /**
   * Groups of access tags: a document is a candidate only when it carries a tag of every group.
   * Checked in the index, so it keeps a large source's other records from costing anything.
   */
  tagGroups: readonly (readonly string[])[];
  /**
   * For a source whose documents declare a `scope`: the scopes of every document this viewer may
   * find (none left out). Replaces the tag groups in the index's match.
   */
  scopes?: readonly string[];
  /** The exact check the tags cannot express (a menu item granted to the user's roles). */
  accepts?(recordId: string): boolean;
}

export interface SearchSource {
  /** Lower-case, kebab-case: the settings and the answer name the source by it. */
  name: string;
  title: LocalText;
  description: LocalText;
  /** The headers whose search asks this source. */
  shells: readonly SearchShell[];
  /** The weight before a tenant sets one (ranks multiply by it). */
  defaultWeight: number;
  /** Records of one tenant each (tenant_id set) rather than the platform's catalogue. */
  tenantOwned: boolean;
  /**
   * Each scope holds one document (an application is its own scope): a search then reads the viewer's
   * scopes one by one (a few dozen index probes) instead of every match of the text index, which
   * holds every source's documents (an English word: 7,000 matches, 1.4 ms, to find one application).
   */
  oneDocumentPerScope?: boolean;
  /**
   * The documents of these records, read in the indexer's platform-scope transaction. A record left
   * out of the answer (deleted, disabled) is taken out of the index.
   */
  documents(tx: Tx, recordIds: readonly string[]): Promise<SearchDocument[]>;
  /** What this viewer may find; null when nothing (a visitor, another shell). */
  access(viewer: SearchViewer): Promise<SourceAccess | null>;
}
