import { z } from 'zod';
import { FILE_PURPOSE_TITLES, FILE_PURPOSES } from '../../files';
import { type AdminScope, defineResource, type ResourceDeclaration } from '../resource';

/**
 * Files (/resourceManagement): the platform's own files (`/dmp/admin/files`) and the active tenant's
 * (`/ump/admin/files`). Read-only records (a file is replaced by uploading another), with a preview
 * for images and PDF, expiring links, the records that use each file, deletes guarded while a
 * record uses it, and the tenant's storage quota.
 */

export const FILE_KINDS = ['image', 'pdf', 'office', 'text', 'archive', 'other'] as const;
export type FileKindFilter = (typeof FILE_KINDS)[number];

const KIND_OPTIONS = [
  { value: 'image', label: { zh: '图片', en: 'Image' }, color: 'blue' },
  { value: 'pdf', label: { zh: 'PDF', en: 'PDF' }, color: 'red' },
  { value: 'office', label: { zh: 'Office 文档', en: 'Office document' }, color: 'geekblue' },
  { value: 'text', label: { zh: '文本', en: 'Text' }, color: 'default' },
  { value: 'archive', label: { zh: '压缩包', en: 'Archive' }, color: 'gold' },
  { value: 'other', label: { zh: '其他', en: 'Other' }, color: 'default' },
] as const;

const PURPOSE_OPTIONS = FILE_PURPOSES.map((value) => ({ value, label: FILE_PURPOSE_TITLES[value] }));

export const fileRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  kind: z.enum(FILE_KINDS),
  size: z.number().int(),
  sha256: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  /** Uploaded to the library itself: never cleaned up as unused. */
  kept: z.boolean(),
  /** How many record fields use the file; while any does, it cannot be deleted. */
  referenceCount: z.number().int(),
  /** Shown in the page (images and PDF). */
  previewable: z.boolean(),
  url: z.string(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  /** Files are never edited; the field is there because every admin record carries one. */
  version: z.number().int(),
});
export type FileRow = z.infer<typeof fileRowSchema>;

/** `POST .../files/:id/link`: a link anyone may open until it expires. */
export const FILE_LINK_CHOICES_SECONDS = [3600, 24 * 3600, 7 * 24 * 3600] as const;
export const fileLinkBodySchema = z.strictObject({
  expiresInSeconds: z
    .number()
    .int()
    .min(60, '有效期至少 1 分钟')
    .max(7 * 24 * 3600, '有效期最长 7 天')
    .optional(),
});
export const fileLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export const fileLinkAnswerSchema = fileRowSchema.extend({ link: fileLinkSchema });

/** One record field that uses a file. */
export const fileReferenceSchema = z.object({
  resource: z.string(),
  recordId: z.string(),
  field: z.string(),
  createdAt: z.string(),
});
export type FileReferenceRow = z.infer<typeof fileReferenceSchema>;

/** A tenant's storage: what its files take, and its quota (null for the platform's own files). */
export const fileUsageSchema = z.object({
  usedBytes: z.number().int(),
  fileCount: z.number().int(),
  quotaBytes: z.number().int().nullable(),
  /** Hours after which a file nothing uses is removed. */
  orphanGraceHours: z.number(),
  /** The largest file of each purpose (bytes). */
  maxBytes: z.record(z.enum(FILE_PURPOSES), z.number().int()),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;

/** `PUT /dmp/admin/files/quotas/:tenantId`: a tenant's own quota, or null for the default. */
export const fileQuotaBodySchema = z.strictObject({
  quotaBytes: z
    .number()
    .int()
    .min(0)
    .max(1024 ** 5)
    .nullable(),
});
export const tenantFileQuotaSchema = z.object({
  tenantId: z.string(),
  usedBytes: z.number().int(),
  fileCount: z.number().int(),
  /** The tenant's own quota; null: the installation's default applies. */
  ownQuotaBytes: z.number().int().nullable(),
  quotaBytes: z.number().int(),
});

const columns: ResourceDeclaration['columns'] = [
  { key: 'name', title: { zh: '文件名', en: 'File name' }, list: true },
  { key: 'kind', title: { zh: '类型', en: 'Kind' }, list: true, options: KIND_OPTIONS },
  { key: 'contentType', title: { zh: '内容类型', en: 'Content type' }, list: false },
  { key: 'size', title: { zh: '大小', en: 'Size' }, list: true, kind: 'number' },
  { key: 'purpose', title: { zh: '用途', en: 'Purpose' }, list: true, options: PURPOSE_OPTIONS },
  { key: 'referenceCount', title: { zh: '引用数', en: 'Used by' }, list: true, kind: 'number' },
  { key: 'uploadedByName', title: { zh: '上传人', en: 'Uploaded by' }, list: true },
  { key: 'createdAt', title: { zh: '上传时间', en: 'Uploaded at' }, list: true, kind: 'date' },
  { key: 'sha256', title: { zh: 'SHA-256', en: 'SHA-256' }, list: false },
];

const declarationOf = (scope: AdminScope, title: { zh: string; en: string }) =>
  defineResource({
    name: 'files',
    scope,
    title,
    row: fileRowSchema,
    filters: {
      name: 'contains',
      kind: 'in',
      purpose: 'in',
      unused: 'boolean',
      uploadedByName: 'contains',
      createdAt: 'dateRange',
    },
    sortable: ['name', 'size', 'createdAt', 'referenceCount'],
    defaultSort: '-createdAt',
    searchable: ['name'],
    columns,
    fields: { unused: { zh: '未被使用', en: 'Unused' } },
    permissions: { list: 'file:list', delete: 'file:delete' },
    actions: {
      link: {
        permission: 'file:list',
        title: { zh: '复制链接', en: 'Copy link' },
        body: fileLinkBodySchema,
        answer: fileLinkAnswerSchema,
        rowButton: false,
      },
    },
  });

export const tenantFilesResource = declarationOf('ump', { zh: '文件', en: 'File' });
export const platformFilesResource = declarationOf('dmp', { zh: '平台文件', en: 'Platform file' });

const OFFICE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/x-ole-storage',
]);

/** The kind a file is listed under, from its sniffed content type. */
export const fileKindOf = (contentType: string): FileKindFilter => {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  if (OFFICE_TYPES.has(contentType)) return 'office';
  if (contentType.startsWith('text/')) return 'text';
  if (contentType === 'application/zip') return 'archive';
  return 'other';
};

/** The content types of each kind (the list's filter); `other` is everything not named here. */
export const FILE_KIND_TYPES: Readonly<
  Record<Exclude<FileKindFilter, 'other'>, { prefix?: string; types?: string[] }>
> = {
  image: { prefix: 'image/' },
  pdf: { types: ['application/pdf'] },
  office: { types: [...OFFICE_TYPES] },
  text: { prefix: 'text/' },
  archive: { types: ['application/zip'] },
};
