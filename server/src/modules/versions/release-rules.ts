import {
  type AppVersionUpdate,
  compareSemver,
  MIN_VERSION_MESSAGE,
  type VersionStatus,
} from '@uniwim/contracts';
import { AppError } from '../../platform/errors';

/**
 * The rules of a version's life, apart from SQL: draft → published → revoked, what a published
 * version may still change, and that the minimum supported version is not above the version.
 */

/** A draft, or a published version published again (widening a grey release, or a rollback). */
export const assertPublishable = (status: VersionStatus) => {
  if (status === 'revoked') throw new AppError('VERSION_NOT_PUBLISHABLE');
};

export const assertRevocable = (status: VersionStatus) => {
  if (status !== 'published') throw new AppError('VERSION_NOT_REVOCABLE');
};

/** Only drafts go: a version that was ever published is part of the release history. */
export const assertDeletable = (status: VersionStatus, versionNumber: string) => {
  if (status !== 'draft') {
    throw new AppError(
      'VERSION_IN_HISTORY',
      `版本 ${versionNumber} 已${status === 'published' ? '发布' : '撤回'}，是发布历史的一部分，不能删除`,
    );
  }
};

/**
 * Once published, the number and the package stay: what tenants were given stays what they were
 * given (a new package is a new version). Release notes, the minimum and the flag may change.
 */
export const assertChangeAllowed = (
  current: { status: VersionStatus; versionNumber: string; packageFileId: string | null },
  input: Pick<AppVersionUpdate, 'versionNumber' | 'packageFileId'>,
) => {
  if (current.status === 'draft') return;
  const renumbered = input.versionNumber !== undefined && input.versionNumber !== current.versionNumber;
  const repackaged = input.packageFileId !== undefined && input.packageFileId !== current.packageFileId;
  if (renumbered || repackaged) {
    const field = renumbered ? 'versionNumber' : 'packageFileId';
    throw new AppError('VERSION_FROZEN', undefined, [
      { path: `body.${field}`, message: '版本发布后不能修改版本号和安装包' },
    ]);
  }
};

/** The minimum supported version, when given, is not above the version itself. */
export const assertMinimumNotAbove = (versionNumber: string, minimum: string | null | undefined) => {
  if (minimum && compareSemver(minimum, versionNumber) > 0) {
    throw new AppError('VALIDATION_FAILED', MIN_VERSION_MESSAGE, [
      { path: 'body.minSupportedVersion', message: MIN_VERSION_MESSAGE },
    ]);
  }
};
