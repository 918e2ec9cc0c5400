import { z } from 'zod';
import type { ResourceDeclaration } from './resource';

/**
 * The download centre's jobs (exports above the synchronous limit, large imports, error workbooks
 * of imports): who asked, the filter snapshot, progress, and the file with its expiry.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  scope: z.enum(['dmp', 'ump']),
  resource: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int(),
  total: z.number().int().nullable(),
  /** The filters and sort an export was asked with; an import's options. */
  params: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  fileExpiresAt: z.string().nullable(),
  /** `GET` this (with the bearer token) while the file has not expired. */
  downloadUrl: z.string().nullable(),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

/** What an export or import answers (202) when it became a job. */
export const jobQueuedSchema = z.object({ jobId: z.string(), total: z.number().int().nullable() });

export const importModeSchema = z.enum(['preview', 'commit']);

export const importQuerySchema = z.strictObject({
  mode: importModeSchema.default('preview'),
  /** Rows whose import key exists update that record (otherwise they are errors). */
  update: z.enum(['true', 'false']).default('false'),
  /** Write every row or none: one failed row leaves everything unwritten. */
  all: z.enum(['true', 'false']).default('false'),
  lang: z.enum(['zh', 'en']).optional(),
});

const importQuerySchemas = new WeakMap<object, z.ZodObject>();

/**
 * The query string of a resource's import: the common options and the resource's own choices
 * (`credentials=sms` for users, say), each one of its options, its default when absent.
 */
export const importQuerySchemaOf = (declaration: Pick<ResourceDeclaration, 'importChoices'>): z.ZodObject => {
  const known = importQuerySchemas.get(declaration);
  if (known) return known;
  const choices = Object.fromEntries(
    Object.entries(declaration.importChoices ?? {}).map(([name, choice]) => [
      name,
      z.enum(choice.options.map((option) => option.value) as [string, ...string[]]).default(choice.default),
    ]),
  );
  const schema = importQuerySchema.extend(choices);
  importQuerySchemas.set(declaration, schema);
  return schema;
};

export const importCellErrorSchema = z.object({ column: z.string().optional(), message: z.string() });

export const importPreviewSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Header cells that name no importable column: shown, never silently dropped. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number().int(),
      action: z.enum(['create', 'update']),
      values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      errors: z.array(importCellErrorSchema),
    }),
  ),
});

export const importResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  rolledBack: z.boolean(),
  ignoredColumns: z.array(z.string()),
  /** The failed rows with a reason column, from the download centre. */
  errorWorkbookUrl: z.string().nullable(),
  /** What the import did for the records it created beyond writing them; null when nothing. */
  receipt: z
    .object({
      /** What it is, named by the page in its language: 'activation-sms', 'initial-passwords'. */
      kind: z.string(),
      /** The records it concerns. */
      count: z.number().int(),
      /** A file for the importer alone, served once (GET with the bearer token), until `expiresAt`. */
      downloadUrl: z.string().nullable(),
      expiresAt: z.string().nullable(),
    })
    .nullable(),
});
export type ImportReceiptAnswer = NonNullable<z.infer<typeof importResultSchema>['receipt']>;
