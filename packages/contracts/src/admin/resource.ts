import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from '../dates';
import { recordVersionSchema } from '../integers';

/**
 * An administration resource, declared once (the refine / react-admin way): the server's routes and
 * OpenAPI, and the web's list, search form, create/edit form, detail, export and import all come
 * from this declaration. See shared/design/administration.md.
 */

/** `dmp`: the platform's resources (/dmp/admin/...); `ump`: the active tenant's (/ump/admin/...). */
export type AdminScope = 'dmp' | 'ump';

export interface LocalText {
  zh: string;
  en: string;
}

/** How a list filter matches: a value, a part of a text, one of several values, a time range, a yes/no. */
export type FilterKind = 'equals' | 'contains' | 'in' | 'dateRange' | 'boolean';

export interface ColumnOption {
  value: string;
  label: LocalText;
  /** Tag colour in the list (antd preset colour names). */
  color?: string;
}

export interface ColumnDeclaration {
  /** The row's field. */
  key: string;
  title: LocalText;
  /** Values shown as labels in lists, filters and exports. */
  options?: readonly ColumnOption[];
  /** Shown in the list unless the user hides it (column settings). */
  list?: boolean;
  /** Read from an import workbook (and written in its template). */
  importable?: boolean;
  /**
   * In exports: dates as local date-time, booleans as 是/否. In lists, an image's address shows the
   * image and a link's address opens in a new window (exports carry the address).
   */
  kind?: 'text' | 'number' | 'date' | 'boolean' | 'list' | 'image' | 'link';
  /** Masked in exports and in the operation log. */
  secret?: boolean;
  /** The import template's example row shows this (otherwise a value fitting the kind). */
  example?: string | number;
}

export interface ResourcePermissions {
  list: string;
  create?: string;
  update?: string;
  delete?: string;
  export?: string;
  import?: string;
}

export interface ActionDeclaration {
  permission: string;
  title: LocalText;
  /** The body the action takes, if any. */
  body?: z.ZodType;
  /** Shown in the confirmation; a dangerous action asks to type the record's name. */
  danger?: boolean;
  /** What the action answers, when more than the record (a purge report, say). */
  answer?: z.ZodObject;
  /** False: not among the row's buttons, because the page offers it its own way (a role's users). */
  rowButton?: boolean;
}

/**
 * A choice the importer makes for the whole import, beyond the rows (how new users get a way in,
 * say): a query parameter of the resource's import, a control of its import dialog. The store reads
 * it (importChoiceOf) while the commit writes the rows.
 */
export interface ImportChoiceDeclaration {
  title: LocalText;
  options: readonly (ColumnOption & { hint?: LocalText })[];
  /** What an import that names none takes; the dialog preselects it. */
  default: string;
}

export interface ResourceDeclaration<
  Row extends z.ZodObject = z.ZodObject,
  Create extends z.ZodObject = z.ZodObject,
  Update extends z.ZodObject = z.ZodObject,
> {
  /** Plural kebab-case noun: the path segment after /{scope}/admin/. */
  name: string;
  scope: AdminScope;
  title: LocalText;
  /** The record as the API answers it; it carries `id` and `version`. */
  row: Row;
  create?: Create;
  /** What a create answers, when more than the row (a password shown once, say); never logged. */
  createAnswer?: z.ZodObject;
  /** The fields an update may change; the body also carries the `version` it was read at. */
  update?: Update;
  filters: Readonly<Record<string, FilterKind>>;
  /** Fields the list may be sorted by. */
  sortable: readonly string[];
  /** `field` or `-field` (descending). */
  defaultSort: string;
  /** Searched by the free-text `q` parameter. */
  searchable?: readonly string[];
  columns: readonly ColumnDeclaration[];
  /** Titles of form fields that are not list columns (nested ones by path: `admin.mobile`). */
  fields?: Readonly<Record<string, LocalText>>;
  permissions: ResourcePermissions;
  /** Deletes go to a recycle bin: restore, and purge after a grace period. */
  recycleBin?: boolean;
  /** The field that finds an existing record on import with update=true. */
  importKey?: string;
  /** The importer's choices for the whole import, by query parameter name (see ImportChoiceDeclaration). */
  importChoices?: Readonly<Record<string, ImportChoiceDeclaration>>;
  actions?: Readonly<Record<string, ActionDeclaration>>;
  /**
   * How a person names one record: confirmations ("确定发布“…”吗？"), the titles of action forms and
   * what a dangerous action asks to type. Without it, the record's name, title, label, account or
   * code, in that order (see recordLabelOf); never the internal id when the record has a readable name.
   */
  recordLabel?(row: z.output<Row>): string;
}

/** A record as a person names it (see ResourceDeclaration.recordLabel). */
export const recordLabelOf = (
  declaration: Pick<ResourceDeclaration, 'recordLabel'>,
  row: Record<string, unknown> & { id: string },
): string => {
  const declared = declaration.recordLabel?.(row);
  if (declared) return declared;
  for (const field of ['name', 'title', 'label', 'username', 'code'] as const) {
    const value = row[field];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') return String(value);
  }
  return row.id;
};

export const defineResource = <
  Row extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
>(
  declaration: ResourceDeclaration<Row, Create, Update>,
): ResourceDeclaration<Row, Create, Update> => declaration;

export const MAX_PAGE_SIZE = 200;
/** Above this many rows an export becomes a job of the download centre. */
export const SYNC_EXPORT_LIMIT = 5_000;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);

/** A list filter's query parameters: `<field>`, or `<field>From` and `<field>To` for a time range. */
export const filterParameterNames = (field: string, kind: FilterKind): string[] =>
  kind === 'dateRange' ? [`${field}From`, `${field}To`] : [field];

/**
 * Each kind's query parameter, built once: a server registers a list and an export route per resource
 * and scope, and building these schemas (a date-time's patterns above all) for every filter of every
 * route cost a cold start about 0.1 s.
 */
/**
 * A filter sent empty (`status=`, as a cleared search field sends it) is a filter not given, for
 * every kind and every resource: an empty `equals` filter once reached SQL as `= ''` while the user
 * ledger's joins took it as absent (a 500, issue 24), and an empty date or yes/no was a 400.
 */
const absentWhenEmpty = (schema: z.ZodType) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const shortText = absentWhenEmpty(z.string().max(200));
const FILTER_SCHEMAS: Readonly<Record<FilterKind, z.ZodType>> = {
  boolean: absentWhenEmpty(z.enum(['true', 'false'])),
  dateRange: absentWhenEmpty(isoInstantSchema.or(isoDaySchema)),
  in: absentWhenEmpty(z.string().max(2_000)),
  equals: shortText,
  contains: shortText,
};

const pageParameter = pageNumber.default(1);
const pageSizeParameter = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20);
const searchParameter = z.string().trim().max(200).optional();

const listQuerySchemas = new WeakMap<object, z.ZodObject>();

/** The query string of `GET /{scope}/admin/<resource>` (and of its export); one per declaration. */
export const listQuerySchemaOf = (declaration: Pick<ResourceDeclaration, 'filters' | 'sortable'>) => {
  const known = listQuerySchemas.get(declaration);
  if (known) return known;
  const filters: Record<string, z.ZodType> = {};
  for (const [field, kind] of Object.entries(declaration.filters)) {
    for (const name of filterParameterNames(field, kind)) filters[name] = FILTER_SCHEMAS[kind];
  }
  // As a pattern, the sortable fields are in the OpenAPI document too, for clients and the fuzz suite.
  const field = `-?(?:${declaration.sortable.map((name) => name.replace(/[^A-Za-z0-9_]/g, '')).join('|')})`;
  const schema = z.strictObject({
    page: pageParameter,
    pageSize: pageSizeParameter,
    sort: absentWhenEmpty(
      z
        .string()
        .max(200)
        .regex(
          new RegExp(`^${field}(?:,${field})*$`),
          `sort: one of ${declaration.sortable.join(', ')}, "-" before a field for descending`,
        ),
    ),
    q: searchParameter,
    ...filters,
  });
  listQuerySchemas.set(declaration, schema);
  return schema;
};

export const listAnswerSchemaOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    items: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** What every update body carries: the version the record was read at (optimistic locking). */
export const versionedSchema = z.object({ version: recordVersionSchema });

export const idsBodySchema = z.strictObject({
  ids: z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_PAGE_SIZE),
});
export type IdsBody = z.infer<typeof idsBodySchema>;

/** A filter value of kind `in`: a comma-separated list. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
