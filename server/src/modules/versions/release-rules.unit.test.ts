import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  assertChangeAllowed,
  assertDeletable,
  assertMinimumNotAbove,
  assertPublishable,
  assertRevocable,
} from './release-rules';

const refusal = (work: () => void): string | undefined => {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
};

describe('a version’s life', () => {
  it('publishes drafts and published versions (again), never revoked ones', () => {
    expect(refusal(() => assertPublishable('draft'))).toBeUndefined();
    expect(refusal(() => assertPublishable('published'))).toBeUndefined();
    expect(refusal(() => assertPublishable('revoked'))).toBe('VERSION_NOT_PUBLISHABLE');
  });

  it('revokes published versions only', () => {
    expect(refusal(() => assertRevocable('published'))).toBeUndefined();
    expect(refusal(() => assertRevocable('draft'))).toBe('VERSION_NOT_REVOCABLE');
    expect(refusal(() => assertRevocable('revoked'))).toBe('VERSION_NOT_REVOCABLE');
  });

  it('deletes drafts only, naming the version', () => {
    expect(refusal(() => assertDeletable('draft', '1.0.0'))).toBeUndefined();
    expect(() => assertDeletable('published', '1.0.0')).toThrow('版本 1.0.0 已发布');
    expect(() => assertDeletable('revoked', '1.0.0')).toThrow('版本 1.0.0 已撤回');
  });
});

describe('what a published version may change', () => {
  const published = { status: 'published' as const, versionNumber: '1.2.0', packageFileId: 'f-1' };

  it('lets a draft change everything', () => {
    expect(
      refusal(() =>
        assertChangeAllowed(
          { ...published, status: 'draft' },
          { versionNumber: '2.0.0', packageFileId: null },
        ),
      ),
    ).toBeUndefined();
  });

  it('keeps the number and the package of a published or revoked version', () => {
    expect(refusal(() => assertChangeAllowed(published, { versionNumber: '1.2.1' }))).toBe('VERSION_FROZEN');
    expect(refusal(() => assertChangeAllowed(published, { packageFileId: 'f-2' }))).toBe('VERSION_FROZEN');
    expect(refusal(() => assertChangeAllowed(published, { packageFileId: null }))).toBe('VERSION_FROZEN');
    expect(
      refusal(() => assertChangeAllowed({ ...published, status: 'revoked' }, { versionNumber: '1.2.1' })),
    ).toBe('VERSION_FROZEN');
  });

  it('accepts the same number and package sent back unchanged (an edit form sends every field)', () => {
    expect(
      refusal(() => assertChangeAllowed(published, { versionNumber: '1.2.0', packageFileId: 'f-1' })),
    ).toBeUndefined();
    expect(refusal(() => assertChangeAllowed(published, {}))).toBeUndefined();
  });
});

describe('the minimum supported version', () => {
  it('may equal or precede the version, never follow it', () => {
    expect(refusal(() => assertMinimumNotAbove('1.2.0', '1.2.0'))).toBeUndefined();
    expect(refusal(() => assertMinimumNotAbove('1.2.0', '1.0.0'))).toBeUndefined();
    expect(refusal(() => assertMinimumNotAbove('1.2.0', null))).toBeUndefined();
    expect(refusal(() => assertMinimumNotAbove('1.2.0', '1.10.0'))).toBe('VALIDATION_FAILED');
    expect(refusal(() => assertMinimumNotAbove('1.2.0-beta.1', '1.2.0'))).toBe('VALIDATION_FAILED');
  });
});
