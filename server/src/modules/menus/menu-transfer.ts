import {
  httpUrlSchema,
  MENU_EXPORT_FORMAT,
  MENU_EXPORT_FORMAT_VERSION,
  MENU_IMPORT_ITEM_LIMIT,
  type MenuExport,
  type MenuExportItem,
  type MenuImportResult,
  type MenuItemRow,
  menuItemCreateSchema,
  menuItemProblems,
} from '@uniwim/contracts';

/** The item fields a file carries and an import compares (files are addresses, ids are not kept). */
export const TRANSFERRED_FIELDS = [
  'name',
  'nameEn',
  'link',
  'mobileLink',
  'fullLink',
  'effectDrawing',
  'menuVersion',
  'reload',
  'monitor',
  'monitorUrl',
  'menuStyle',
  'internalNetwork',
  'externalNetwork',
  'operatingManual',
  'target',
  'type',
  'permission',
  'condition',
  'disabled',
  'isPublic',
  'sort',
] as const;
type TransferredField = (typeof TRANSFERRED_FIELDS)[number];
export type TransferredValues = Pick<MenuExportItem, TransferredField>;

const valuesOf = (row: TransferredValues): TransferredValues => ({
  ...(Object.fromEntries(TRANSFERRED_FIELDS.map((field) => [field, row[field]])) as TransferredValues),
  // A file from before English names (or mobile links) has none: the item then has none either.
  nameEn: row.nameEn ?? null,
  mobileLink: row.mobileLink ?? null,
});

/** The export of one application's global tree, children in the tree's order. */
export const exportTree = (
  application: MenuExport['application'],
  rows: readonly MenuItemRow[],
  exportedAt: Date,
): MenuExport => {
  const childrenOf = new Map<string | null, MenuItemRow[]>();
  const ids = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parent: string | null, seen: ReadonlySet<string>): MenuExportItem[] =>
    (childrenOf.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id))
      .map((row) => ({ id: row.id, ...valuesOf(row), children: build(row.id, new Set([...seen, row.id])) }));
  return {
    format: MENU_EXPORT_FORMAT,
    formatVersion: MENU_EXPORT_FORMAT_VERSION,
    exportedAt: exportedAt.toISOString(),
    application,
    items: build(null, new Set()),
  };
};

/** An item of this installation's tree, as the import compares it. */
export interface ExistingItem extends TransferredValues {
  id: string;
  parentId: string | null;
  version: number;
}

export interface PlannedWrite {
  action: 'create' | 'update';
  targetId: string;
  parentId: string | null;
  values: TransferredValues;
  /** For updates: the version the item was read at. */
  version?: number;
}

export interface ImportPlan {
  result: Omit<MenuImportResult, 'mode' | 'application'>;
  /** Parents before children, so every parent exists when its child is written. */
  writes: PlannedWrite[];
}

/**
 * An address of another installation's file (a same-origin path) means nothing here: it is
 * dropped, with a warning to upload the file again. Absolute http(s) addresses are kept.
 */
const isForeignFileAddress = (value: string | null): boolean => value !== null && value.startsWith('/');

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * What importing a file into an application's tree would do. Each item of the file is matched,
 * parents first, with an item here: the one with its id in this application, else the unmatched
 * one with its name under its (matched) parent; unmatched items are created, keeping the file's id
 * when no item here uses it. Nothing here is deleted. Each item is checked by the same rules as the
 * editor's form; any error refuses the commit as a whole.
 */
export const planImport = (
  file: MenuExport,
  existing: readonly ExistingItem[],
  idTaken: (id: string) => boolean,
  newId: () => string,
): ImportPlan => {
  const here = new Map(existing.map((item) => [item.id, item]));
  const matched = new Set<string>();
  const usedIds = new Set<string>();
  const changes: MenuImportResult['changes'] = [];
  const errors: MenuImportResult['errors'] = [];
  const warnings: MenuImportResult['warnings'] = [];
  const writes: PlannedWrite[] = [];
  const sourceIds = new Set<string>();
  let total = 0;
  // Items here that some item of the file names by id are kept for that item, not matched by name.
  const claimedById = new Set<string>();
  const claim = (items: readonly MenuExportItem[]) => {
    for (const item of items) {
      if (here.has(item.id)) claimedById.add(item.id);
      claim(item.children);
    }
  };
  claim(file.items);

  const visit = (items: readonly MenuExportItem[], parentId: string | null, parentPath: string) => {
    for (const item of items) {
      total += 1;
      if (total > MENU_IMPORT_ITEM_LIMIT) return;
      const path = parentPath ? `${parentPath} / ${item.name}` : item.name;
      if (sourceIds.has(item.id)) {
        errors.push({ sourceId: item.id, path, message: `文件中的菜单 id 重复：${item.id}` });
        continue;
      }
      sourceIds.add(item.id);
      const values = valuesOf(item);
      for (const field of ['effectDrawing', 'operatingManual'] as const) {
        if (isForeignFileAddress(values[field])) {
          warnings.push({
            sourceId: item.id,
            path,
            message: `${field === 'effectDrawing' ? '效果图' : '操作手册'}是原安装上传的文件，未导入，请重新上传`,
          });
          values[field] = null;
        }
      }
      // The form's rules; an effect drawing is an address here (an upload there), an http(s) one.
      const { effectDrawing, ...formValues } = values;
      const checked = menuItemCreateSchema.safeParse({ applicationId: 'import', parentId, ...formValues });
      const problems = checked.success
        ? menuItemProblems(values).map((p) => p.message)
        : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      if (effectDrawing !== null && !httpUrlSchema.safeParse(effectDrawing).success) {
        problems.push('effectDrawing: 效果图须是 http(s) 地址');
      }
      for (const message of problems) errors.push({ sourceId: item.id, path, message });

      const byId = here.get(item.id);
      const match =
        byId && !matched.has(byId.id)
          ? byId
          : existing.find(
              (e) =>
                !matched.has(e.id) &&
                !claimedById.has(e.id) &&
                e.parentId === parentId &&
                e.name === item.name,
            );
      let targetId: string;
      if (match) {
        matched.add(match.id);
        targetId = match.id;
        const changed: string[] = TRANSFERRED_FIELDS.filter(
          (field) => !sameValue(match[field], values[field]),
        );
        if (match.parentId !== parentId) changed.push('parentId');
        const action = changed.length > 0 ? 'update' : 'unchanged';
        changes.push({ sourceId: item.id, targetId, name: item.name, path, action, fields: changed });
        if (action === 'update') {
          writes.push({ action: 'update', targetId, parentId, values, version: match.version });
        }
      } else {
        targetId = !idTaken(item.id) && !usedIds.has(item.id) && !here.has(item.id) ? item.id : newId();
        changes.push({ sourceId: item.id, targetId, name: item.name, path, action: 'create', fields: [] });
        writes.push({ action: 'create', targetId, parentId, values });
      }
      usedIds.add(targetId);
      visit(item.children, targetId, path);
    }
  };
  visit(file.items, null, '');
  if (total > MENU_IMPORT_ITEM_LIMIT) {
    errors.push({ sourceId: '', path: '', message: `文件中的菜单超过${MENU_IMPORT_ITEM_LIMIT}个` });
  }

  const pathOf = (item: ExistingItem): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (
      let at: ExistingItem | undefined = item;
      at && !seen.has(at.id);
      at = at.parentId ? here.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names.join(' / ');
  };
  const count = (action: string) => changes.filter((change) => change.action === action).length;
  return {
    result: {
      changes,
      keptOnlyHere: existing
        .filter((item) => !matched.has(item.id))
        .map((item) => ({ id: item.id, name: item.name, path: pathOf(item) })),
      errors,
      warnings,
      counts: { created: count('create'), updated: count('update'), unchanged: count('unchanged') },
    },
    writes,
  };
};
