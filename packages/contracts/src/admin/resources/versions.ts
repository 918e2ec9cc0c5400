import { z } from 'zod';
import { recordVersionSchema } from '../../integers';
import {
  compareSemver,
  parseSemver,
  SEMVER_MESSAGE,
  SEMVER_NUMBER_MESSAGE,
  SEMVER_PATTERN,
} from '../../semver';
import { defineResource } from '../resource';

/**
 * Application versions (/umpVersioning, `/dmp/admin/versions`, platform). A version of an
 * application carries release notes, a zip package (its sha256 kept and shown, checked to be a
 * readable archive), a minimum supported version and a force-update flag. Its status goes
 * draft → published → revoked. Each publish is a new release entry, to every tenant or to chosen
 * tenants (a grey release); what a tenant runs is the newest release that covers it of a version
 * not revoked. Rolling back is publishing an older version again: a new entry, so the history
 * stays whole. The shell's `_v`, the download page and POST /package-api/appPackage/search follow
 * the version released to the user's tenant.
 */

export const VERSION_STATUSES = ['draft', 'published', 'revoked'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const VERSION_STATUS_OPTIONS = [
  { value: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'published', label: { zh: '已发布', en: 'Published' }, color: 'green' },
  { value: 'revoked', label: { zh: '已撤回', en: 'Revoked' }, color: 'red' },
] as const;

export const RELEASE_SCOPES = ['all', 'tenants'] as const;
export type ReleaseScope = (typeof RELEASE_SCOPES)[number];

export const RELEASE_SCOPE_OPTIONS = [
  { value: 'all', label: { zh: '全部租户', en: 'All tenants' }, color: 'blue' },
  {
    value: 'tenants',
    label: { zh: '指定租户（灰度）', en: 'Chosen tenants (grey release)' },
    color: 'orange',
  },
] as const;

/** Tenants one grey release may name. */
export const MAX_RELEASE_TENANTS = 1_000;

/**
 * The pattern alone lets "99999999999999999999.0.0" through, whose numbers no comparison can hold:
 * a version is one parseSemver reads (each number a safe integer).
 */
const semverChecks = (text: z.ZodString) =>
  text
    .max(64, '版本号最多64个字符')
    .regex(SEMVER_PATTERN, { message: SEMVER_MESSAGE, abort: true })
    .refine((value) => parseSemver(value) !== null, SEMVER_NUMBER_MESSAGE);

const versionNumber = semverChecks(z.string({ message: '请输入版本号' }).trim().min(1, '请输入版本号'));

const optionalVersion = semverChecks(z.string().trim()).nullable().optional();

const recordId = z.string().trim().min(1).max(100);

export const appVersionRowSchema = z.object({
  id: z.string(),
  /** How confirmations and the operation log name the version: "设备管理 1.3.0". */
  name: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  appKey: z.string(),
  versionNumber: z.string(),
  releaseNotes: z.string().nullable(),
  /** The package in the files module; null for a version without one. */
  packageFileId: z.string().nullable(),
  packageName: z.string().nullable(),
  packageSize: z.number().int().nullable(),
  packageSha256: z.string().nullable(),
  /** Files in the archive, counted when it was checked. */
  packageEntries: z.number().int().nullable(),
  minSupportedVersion: z.string().nullable(),
  forceUpdate: z.boolean(),
  status: z.enum(VERSION_STATUSES),
  /** The newest release entry of this version: its scope and tenants (none for all tenants). */
  scope: z.enum(RELEASE_SCOPES).nullable(),
  tenantIds: z.array(z.string()),
  tenantNames: z.array(z.string()),
  releaseCount: z.number().int(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AppVersionRow = z.infer<typeof appVersionRowSchema>;

const minNotAboveVersion = (body: { versionNumber?: string; minSupportedVersion?: string | null }) =>
  !body.versionNumber ||
  !body.minSupportedVersion ||
  !parseSemver(body.versionNumber) ||
  !parseSemver(body.minSupportedVersion) ||
  compareSemver(body.minSupportedVersion, body.versionNumber) <= 0;

export const MIN_VERSION_MESSAGE = '最低支持版本不能高于版本号';

export const appVersionCreateSchema = z
  .strictObject({
    applicationId: z.string({ message: '请选择应用' }).trim().min(1, '请选择应用').max(100),
    versionNumber,
    releaseNotes: z.string().trim().max(5_000, '更新说明最多5000个字符').nullable().optional(),
    packageFileId: recordId.nullable().optional(),
    minSupportedVersion: optionalVersion,
    forceUpdate: z.boolean().optional(),
  })
  .refine(minNotAboveVersion, { message: MIN_VERSION_MESSAGE, path: ['minSupportedVersion'] });
export type AppVersionCreate = z.infer<typeof appVersionCreateSchema>;

/**
 * What an update may change. A published or revoked version keeps its number and package (what
 * tenants were given stays what they were given); its notes, minimum and flag may still change.
 */
export const appVersionUpdateSchema = z.strictObject({
  versionNumber: versionNumber.optional(),
  releaseNotes: z.string().trim().max(5_000, '更新说明最多5000个字符').nullable().optional(),
  packageFileId: recordId.nullable().optional(),
  minSupportedVersion: optionalVersion,
  forceUpdate: z.boolean().optional(),
});
export type AppVersionUpdate = z.infer<typeof appVersionUpdateSchema>;

/** The body of the `publish` action: a new release entry of the version. */
export const appVersionPublishSchema = z
  .strictObject({
    scope: z.enum(RELEASE_SCOPES, { message: '请选择发布范围' }),
    tenantIds: z
      .array(recordId)
      .max(MAX_RELEASE_TENANTS, `一次最多发布到${MAX_RELEASE_TENANTS}个租户`)
      .refine((ids) => new Set(ids).size === ids.length, '租户重复')
      .optional(),
    remark: z.string().trim().max(500, '发布说明最多500个字符').nullable().optional(),
    /** The version's row version as read; a stale one answers 409 VERSION_CONFLICT. */
    version: recordVersionSchema.optional(),
  })
  .refine((body) => body.scope !== 'tenants' || (body.tenantIds?.length ?? 0) > 0, {
    message: '请选择要发布的租户',
    path: ['tenantIds'],
  })
  .refine((body) => body.scope !== 'all' || (body.tenantIds?.length ?? 0) === 0, {
    message: '发布到全部租户时不能指定租户',
    path: ['tenantIds'],
  });
export type AppVersionPublish = z.infer<typeof appVersionPublishSchema>;

/** One release entry: a publish (or a rollback: an older version published again). */
export const appVersionReleaseSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  versionNumber: z.string(),
  /** `rollback` when a newer version of the application was published when this entry was made. */
  kind: z.enum(['publish', 'rollback']),
  scope: z.enum(RELEASE_SCOPES),
  tenants: z.array(z.object({ id: z.string(), name: z.string() })),
  remark: z.string().nullable(),
  publishedBy: z.string().nullable(),
  publishedAt: z.string(),
});
export type AppVersionRelease = z.infer<typeof appVersionReleaseSchema>;

/** `GET /dmp/admin/versions/:id/releases`: the version's entries and the tenants running it now. */
export const appVersionReleasesAnswerSchema = z.object({
  releases: z.array(appVersionReleaseSchema),
  /** Tenants empowered to use the application whose current version this is. */
  liveTenants: z.object({
    total: z.number().int(),
    /** The first ones by name. */
    items: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type AppVersionReleasesAnswer = z.infer<typeof appVersionReleasesAnswerSchema>;

/** `GET /dmp/admin/versions/applications` and `/tenants`: choices for the form and the publish dialog. */
export const versionChoiceQuerySchema = z.strictObject({ q: z.string().trim().max(100).optional() });
export const versionApplicationChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  appKey: z.string(),
  /** The catalogue's version (what tenants run while nothing is released to them). */
  catalogueVersion: z.string(),
});
export const versionTenantChoiceSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type VersionApplicationChoice = z.infer<typeof versionApplicationChoiceSchema>;
export type VersionTenantChoice = z.infer<typeof versionTenantChoiceSchema>;

/** `POST /dmp/admin/versions/check-package`: whether an uploaded file is a readable zip archive. */
export const versionPackageCheckBodySchema = z.strictObject({ fileId: recordId });
export const versionPackageCheckSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  entries: z.number().int(),
});
export type VersionPackageCheck = z.infer<typeof versionPackageCheckSchema>;

export const versionsResource = defineResource({
  name: 'versions',
  scope: 'dmp',
  title: { zh: '版本', en: 'Version' },
  row: appVersionRowSchema,
  create: appVersionCreateSchema,
  update: appVersionUpdateSchema,
  filters: {
    applicationName: 'contains',
    status: 'in',
    forceUpdate: 'boolean',
    createdAt: 'dateRange',
  },
  sortable: ['applicationName', 'versionNumber', 'status', 'publishedAt', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  searchable: ['versionNumber', 'releaseNotes', 'applicationName'],
  columns: [
    { key: 'applicationName', title: { zh: '应用', en: 'Application' }, list: true },
    { key: 'versionNumber', title: { zh: '版本号', en: 'Version' }, list: true },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: VERSION_STATUS_OPTIONS },
    {
      key: 'scope',
      title: { zh: '发布范围', en: 'Release scope' },
      list: true,
      options: RELEASE_SCOPE_OPTIONS,
    },
    { key: 'tenantNames', title: { zh: '灰度租户', en: 'Grey tenants' }, list: true, kind: 'list' },
    { key: 'forceUpdate', title: { zh: '强制更新', en: 'Force update' }, list: true, kind: 'boolean' },
    { key: 'minSupportedVersion', title: { zh: '最低支持版本', en: 'Minimum supported' }, list: true },
    { key: 'packageName', title: { zh: '安装包', en: 'Package' }, list: true },
    { key: 'packageSize', title: { zh: '安装包大小（字节）', en: 'Package size (bytes)' }, kind: 'number' },
    { key: 'packageSha256', title: { zh: 'SHA-256', en: 'SHA-256' }, list: true },
    { key: 'packageEntries', title: { zh: '压缩包文件数', en: 'Files in the archive' }, kind: 'number' },
    { key: 'releaseNotes', title: { zh: '更新说明', en: 'Release notes' } },
    { key: 'releaseCount', title: { zh: '发布次数', en: 'Releases' }, kind: 'number' },
    { key: 'publishedAt', title: { zh: '最近发布时间', en: 'Last published' }, list: true, kind: 'date' },
    { key: 'publishedBy', title: { zh: '发布人', en: 'Published by' } },
    { key: 'revokedAt', title: { zh: '撤回时间', en: 'Revoked' }, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
  ],
  fields: {
    applicationId: { zh: '应用', en: 'Application' },
    packageFileId: { zh: '安装包（zip）', en: 'Package (zip)' },
    tenantIds: { zh: '租户', en: 'Tenants' },
    remark: { zh: '发布说明', en: 'Release remark' },
  },
  permissions: {
    list: 'version:list',
    create: 'version:create',
    update: 'version:update',
    delete: 'version:delete',
    export: 'version:export',
  },
  actions: {
    /** A new release entry: first publish, widening a grey release, or a rollback to an older version. */
    publish: {
      permission: 'version:publish',
      title: { zh: '发布', en: 'Publish' },
      body: appVersionPublishSchema,
    },
    /** Tenants fall back to the newest release of a version still published. */
    revoke: { permission: 'version:revoke', title: { zh: '撤回', en: 'Revoke' }, danger: true },
  },
});
