import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { fileLinkKeys, fileReferences, files, fileUsage } from './schema';

export type FileRow = typeof files.$inferSelect;

/** A record's use of files: `resource` and `recordId` name the record, `field` where it holds them. */
export interface FileReference {
  resource: string;
  recordId: string;
  field: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The files module's SQL, run inside the caller's transaction (its scope decides what is seen). */
export const filesRepo = {
  insert: async (tx: Tx, row: typeof files.$inferInsert) => {
    await tx.insert(files).values(row);
  },

  /** A file that is not deleted, as the transaction's scope sees it. */
  live: async (tx: Tx, id: string): Promise<FileRow | undefined> =>
    (
      await tx
        .select()
        .from(files)
        .where(and(eq(files.id, id), isNull(files.deletedAt)))
        .limit(1)
    )[0],

  liveMany: async (tx: Tx, ids: string[]): Promise<FileRow[]> =>
    ids.length === 0
      ? []
      : tx
          .select()
          .from(files)
          .where(and(inArray(files.id, ids), isNull(files.deletedAt))),

  /** A tenant's storage in use, its file count and its own quota (null: the installation's default). */
  usage: async (tx: Tx, tenantId: string) => {
    const row = (await tx.select().from(fileUsage).where(eq(fileUsage.tenantId, tenantId)).limit(1))[0];
    return {
      usedBytes: row?.usedBytes ?? 0,
      fileCount: row?.fileCount ?? 0,
      quotaBytes: row?.quotaBytes ?? null,
    };
  },

  /**
   * Takes `size` bytes of the tenant's quota, or nothing when they do not fit: one UPDATE holding the
   * row, so concurrent uploads are counted one after the other. Answers whether they were taken.
   */
  reserve: async (tx: Tx, tenantId: string, size: number, defaultQuota: number): Promise<boolean> => {
    await tx.insert(fileUsage).values({ tenantId }).onConflictDoNothing();
    const taken = await tx.execute(sql`
      UPDATE file_usage SET used_bytes = used_bytes + ${size}, file_count = file_count + 1
      WHERE tenant_id = ${tenantId} AND used_bytes + ${size} <= coalesce(quota_bytes, ${defaultQuota})
      RETURNING used_bytes`);
    return rowsOf(taken).length === 1;
  },

  /** Gives back what a deleted file took. */
  giveBack: async (tx: Tx, tenantId: string, size: number) => {
    await tx.execute(sql`
      UPDATE file_usage SET used_bytes = greatest(used_bytes - ${size}, 0), file_count = greatest(file_count - 1, 0)
      WHERE tenant_id = ${tenantId}`);
  },

  setQuota: async (tx: Tx, tenantId: string, quotaBytes: number | null) => {
    await tx
      .insert(fileUsage)
      .values({ tenantId, quotaBytes })
      .onConflictDoUpdate({ target: fileUsage.tenantId, set: { quotaBytes } });
  },

  /** Replaces what one field of one record uses. */
  replaceReferences: async (tx: Tx, ref: FileReference, used: Pick<FileRow, 'id' | 'tenantId'>[]) => {
    await tx
      .delete(fileReferences)
      .where(
        and(
          eq(fileReferences.resource, ref.resource),
          eq(fileReferences.recordId, ref.recordId),
          eq(fileReferences.field, ref.field),
        ),
      );
    if (used.length === 0) return;
    await tx
      .insert(fileReferences)
      .values(used.map((file) => ({ tenantId: file.tenantId, fileId: file.id, ...ref })))
      .onConflictDoNothing();
  },

  /** Drops every reference of a record (it was deleted). */
  releaseRecord: async (tx: Tx, resource: string, recordId: string) => {
    await tx
      .delete(fileReferences)
      .where(and(eq(fileReferences.resource, resource), eq(fileReferences.recordId, recordId)));
  },

  referencesOf: async (tx: Tx, fileId: string) =>
    tx
      .select({
        resource: fileReferences.resource,
        recordId: fileReferences.recordId,
        field: fileReferences.field,
        createdAt: fileReferences.createdAt,
      })
      .from(fileReferences)
      .where(eq(fileReferences.fileId, fileId))
      .orderBy(fileReferences.resource, fileReferences.recordId, fileReferences.field)
      .limit(200),

  referenceCount: async (tx: Tx, fileId: string): Promise<number> => {
    const result = await tx.execute(
      sql`SELECT count(*)::int AS n FROM file_references WHERE file_id = ${fileId}`,
    );
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },

  /** Marks a file deleted (no longer served, listed or counted); the sweep removes its content. */
  markDeleted: async (tx: Tx, id: string) => {
    await tx.update(files).set({ deletedAt: sql`now()` }).where(eq(files.id, id));
  },

  /**
   * Files nothing uses, uploaded more than `graceHours` ago and not kept in the library: the
   * uploads of forms that were never saved, and files whose records let go of them.
   */
  orphans: async (tx: Tx, graceHours: number, limit: number) =>
    rowsOf<Pick<FileRow, 'id' | 'tenantId' | 'size' | 'name'>>(
      await tx.execute(sql`
        SELECT f.id, f.tenant_id AS "tenantId", f.size::float8 AS size, f.name
        FROM files f
        WHERE f.deleted_at IS NULL AND NOT f.kept
          AND f.created_at < now() - make_interval(secs => ${graceHours * 3600})
          AND NOT EXISTS (SELECT 1 FROM file_references r WHERE r.file_id = f.id)
        ORDER BY f.created_at
        LIMIT ${limit}
        FOR UPDATE OF f SKIP LOCKED`),
    ),

  /** Deleted files whose content is still to be removed. */
  deleted: async (tx: Tx, limit: number) =>
    tx
      .select({ id: files.id, storageKey: files.storageKey })
      .from(files)
      .where(sql`${files.deletedAt} IS NOT NULL`)
      .orderBy(files.deletedAt)
      .limit(limit),

  purge: async (tx: Tx, id: string) => {
    await tx.delete(files).where(eq(files.id, id));
  },

  /** The secret that signs links, made once and shared by every instance. */
  linkSecret: async (tx: Tx, fresh: string): Promise<string> => {
    await tx.insert(fileLinkKeys).values({ id: 1, secret: fresh }).onConflictDoNothing();
    const row = (await tx.select().from(fileLinkKeys).where(eq(fileLinkKeys.id, 1)).limit(1))[0];
    return row!.secret;
  },
};
