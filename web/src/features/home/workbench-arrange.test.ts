import type { HomeApplication } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { arrangeApplications, filterApplications, moveBefore, moveBy, toggleId } from './workbench-arrange';

const app = (id: string, name = id, category: string | null = null): HomeApplication => ({
  id,
  name,
  category,
  icon: null,
  entryMenuId: `m-${id}`,
});
const ids = (list: HomeApplication[]) => list.map((item) => item.id);

describe('workbench arrangement', () => {
  it('puts the saved order first and the others after in the default order', () => {
    const apps = [app('a'), app('b'), app('c'), app('d')];
    expect(ids(arrangeApplications(apps, ['c', 'gone', 'a']))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(arrangeApplications(apps, []))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a dropped application to the place of the one it was dropped on', () => {
    expect(moveBefore(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveBefore(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveBefore(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
    expect(moveBefore(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });

  it('moves one place with the keyboard, not past either end', () => {
    expect(moveBy(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('filters by name or category, ignoring case and spaces', () => {
    const apps = [app('a', '设备管理', '运营'), app('b', 'Knowledge', null), app('c', '工作台', '办公')];
    expect(ids(filterApplications(apps, ' know '))).toEqual(['b']);
    expect(ids(filterApplications(apps, '办公'))).toEqual(['c']);
    expect(ids(filterApplications(apps, ''))).toEqual(['a', 'b', 'c']);
  });

  it('toggles a favourite', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
  });
});
