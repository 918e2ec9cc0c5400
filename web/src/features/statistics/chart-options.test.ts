import { describe, expect, it } from 'vitest';
import { chinaMapChart, heatmapChart, mapRegionOf, rankingChart } from './chart-options';
import { statisticsTexts } from './statistics-texts';

const t = statisticsTexts['zh-CN'];

describe('statistics charts', () => {
  it("names provinces as the bundled map's regions", () => {
    expect(
      ['广东省', '北京市', '新疆维吾尔自治区', '广西壮族自治区', '内蒙古自治区', '香港特别行政区'].map(
        mapRegionOf,
      ),
    ).toEqual(['广东', '北京', '新疆', '广西', '内蒙古', '香港']);
  });

  it('draws provinces on the map and keeps every region (private addresses too) in the table', () => {
    const spec = chinaMapChart(
      [
        { key: '广东省', value: 5 },
        { key: '内网', value: 2 },
      ],
      t,
      (key) => key,
    );
    expect(spec.map).toBe(true);
    expect((spec.option.series as { data: unknown[] }[])[0]?.data).toEqual([{ name: '广东', value: 5 }]);
    expect(spec.table.rows).toEqual([
      ['广东省', 5],
      ['内网', 2],
    ]);
  });

  it('lists only the busy cells of the heat map in its table, with weekday names', () => {
    const spec = heatmapChart(
      [
        { weekday: 0, hour: 9, value: 3 },
        { weekday: 6, hour: 23, value: 0 },
      ],
      t,
    );
    expect(spec.table.rows).toEqual([['周一', 9, 3]]);
  });

  it('ranks largest first in the table and on top of the bars', () => {
    const spec = rankingChart(
      [
        { id: 'a', name: 'A', value: 9, secondary: 10 },
        { id: 'b', name: 'B', value: 4, secondary: 5 },
      ],
      { name: t.tenant, value: t.successes, secondary: t.secondaryLogin },
    );
    expect(spec.table.rows).toEqual([
      ['A', 9, 10],
      ['B', 4, 5],
    ]);
    expect((spec.option.yAxis as { data: string[] }).data).toEqual(['B', 'A']);
  });

  it('names every bar of a ranking, the top one too, with a row of room for each', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `m${i}`, name: `菜单${i}`, value: 20 - i }));
    const spec = rankingChart(items, { name: t.menu, value: t.opens });
    const yAxis = spec.option.yAxis as { data: string[]; axisLabel: { interval: number } };
    expect(yAxis.axisLabel.interval).toBe(0);
    expect(yAxis.data.at(-1)).toBe('菜单0');
    expect(spec.height).toBeGreaterThanOrEqual(20 * 24);
  });

  it('keeps the heat map scale below the hour axis', () => {
    const option = heatmapChart([], t).option as {
      grid: { bottom: number };
      visualMap: { bottom: number; itemWidth: number; orient: string };
    };
    // The hour labels and the axis name take ~50 px under the grid; the scale and its handles ~36 px.
    expect(option.grid.bottom - option.visualMap.bottom - option.visualMap.itemWidth).toBeGreaterThanOrEqual(
      70,
    );
  });
});
