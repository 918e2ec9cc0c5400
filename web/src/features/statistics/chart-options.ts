import type { HeatCell, KeyedCount } from '@uniwim/contracts/client';
import type { EChartsOption } from 'echarts';
import type { ChartTable } from './csv';
import type { StatisticsTexts } from './statistics-texts';

/** One chart: what ECharts draws and the same data as a table. */
export interface ChartSpec {
  option: EChartsOption;
  table: ChartTable;
  /** Draws on the bundled map of China (registered before the option is set). */
  map?: boolean;
  /** The height the chart needs (a ranking: a row per bar); the card's default otherwise. */
  height?: number;
}

const COLOURS = ['#1677ff', '#ff4d4f', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

/** '广东省' → '广东', '新疆维吾尔自治区' → '新疆': the names the bundled map's regions carry. */
export const mapRegionOf = (province: string): string =>
  province.replace(/(维吾尔自治区|壮族自治区|回族自治区|特别行政区|自治区|省|市)$/, '');

const MAP_REGIONS = new Set([
  '台湾',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '北京',
  '天津',
  '上海',
  '重庆',
  '香港',
  '澳门',
]);

export const lineChart = (
  days: string[],
  series: { name: string; values: (number | null)[] }[],
  dayLabel: string,
): ChartSpec => ({
  option: {
    color: COLOURS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days, boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: days.length <= 31,
      data: s.values,
    })),
  },
  table: {
    columns: [dayLabel, ...series.map((s) => s.name)],
    rows: days.map((day, i) => [day, ...series.map((s) => s.values[i] ?? '')]),
  },
});

export const heatmapChart = (cells: HeatCell[], t: StatisticsTexts): ChartSpec => {
  const max = Math.max(1, ...cells.map((c) => c.value));
  return {
    option: {
      tooltip: { position: 'top' },
      // The scale sits under the hour axis with room of its own: its handles' values never cover the hours.
      grid: { left: 56, right: 16, top: 8, bottom: 96 },
      xAxis: {
        type: 'category',
        data: Array.from({ length: 24 }, (_, h) => String(h)),
        splitArea: { show: true },
        name: t.hour,
        nameLocation: 'middle',
        nameGap: 26,
      },
      yAxis: { type: 'category', data: t.weekdays, splitArea: { show: true } },
      visualMap: {
        min: 0,
        max,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 4,
        itemWidth: 12,
        itemHeight: 180,
      },
      series: [
        {
          name: t.count,
          type: 'heatmap',
          data: cells.map((c) => [c.hour, c.weekday, c.value]),
          emphasis: { itemStyle: { shadowBlur: 6 } },
        },
      ],
    },
    table: {
      columns: [t.weekday, t.hour, t.count],
      rows: cells.filter((c) => c.value > 0).map((c) => [t.weekdays[c.weekday] ?? '', c.hour, c.value]),
    },
  };
};

export const pieChart = (
  split: KeyedCount[],
  labelOf: (key: string) => string,
  t: StatisticsTexts,
): ChartSpec => {
  const data = split.map((entry) => ({ name: labelOf(entry.key), value: entry.value }));
  return {
    option: {
      color: COLOURS,
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          data,
          label: { formatter: '{b}\n{d}%' },
        },
      ],
    },
    table: { columns: [t.name, t.count], rows: data.map((d) => [d.name, d.value]) },
  };
};

export const chinaMapChart = (
  provinces: KeyedCount[],
  t: StatisticsTexts,
  labelOf: (key: string) => string,
): ChartSpec => {
  const onMap = new Map<string, number>();
  for (const entry of provinces) {
    const region = mapRegionOf(entry.key);
    if (MAP_REGIONS.has(region)) onMap.set(region, (onMap.get(region) ?? 0) + entry.value);
  }
  const data = [...onMap].map(([name, value]) => ({ name, value }));
  return {
    map: true,
    option: {
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value } = p as { name: string; value: number };
          return `${name}: ${Number.isFinite(value) ? value : 0}`;
        },
      },
      visualMap: {
        min: 0,
        max: Math.max(1, ...data.map((d) => d.value)),
        left: 8,
        bottom: 8,
        calculable: true,
        inRange: { color: ['#e6f4ff', '#1677ff'] },
      },
      series: [{ name: t.count, type: 'map', map: 'china', roam: true, data, label: { show: false } }],
    },
    table: { columns: [t.region, t.count], rows: provinces.map((p) => [labelOf(p.key), p.value]) },
  };
};

/** Pixels per bar of a ranking: room for its name. */
const RANKING_ROW = 28;

export interface RankedBar {
  id: string;
  name: string;
  value: number;
  secondary?: number;
}

/** Horizontal bars, largest on top; clicking a bar drills down (the caller's onClick). */
export const rankingChart = (
  items: RankedBar[],
  labels: { name: string; value: string; secondary?: string },
): ChartSpec => {
  const top = items.slice(0, 20);
  const reversed = [...top].reverse();
  return {
    // A row of its own per bar, so every bar carries its name (the top one too).
    height: Math.max(200, top.length * RANKING_ROW + 40),
    option: {
      color: COLOURS,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: reversed.map((i) => i.name),
        // Every name, not every other one: ECharts hides labels it thinks would overlap.
        axisLabel: { interval: 0, width: 160, overflow: 'truncate' },
      },
      series: [
        {
          name: labels.value,
          type: 'bar',
          barMaxWidth: 20,
          data: reversed.map((i) => i.value),
          label: { show: true, position: 'right' },
        },
      ],
    },
    table: {
      columns: [labels.name, labels.value, ...(labels.secondary ? [labels.secondary] : [])],
      rows: top.map((i) => [i.name, i.value, ...(labels.secondary ? [i.secondary ?? 0] : [])]),
    },
  };
};
