import { Alert, Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import type { ECharts } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type EchartsModule = typeof import('echarts/core');

let echartsLoading: Promise<EchartsModule> | undefined;
let chinaLoading: Promise<void> | undefined;

/** ECharts is loaded on the statistics pages only, the first time a chart is drawn. */
const loadEcharts = () => {
  echartsLoading ??= import('./echarts-setup').then((setup) => setup.echarts);
  return echartsLoading;
};

/** The map of China (ECharts 4's boundary data, Apache-2.0, bundled: no network), registered once. */
const loadChina = (echarts: EchartsModule) => {
  chinaLoading ??= import('echarts4-maps/map/json/china.json').then((geo) => {
    echarts.registerMap('china', (geo.default ?? geo) as Parameters<EchartsModule['registerMap']>[1]);
  });
  return chinaLoading;
};

export interface EChartProps {
  option: EChartsOption;
  map?: boolean;
  height?: number;
  /** A click on a bar, slice or region: its name and index in the data. */
  onSelect?: (name: string, index: number) => void;
  loadFailed: string;
}

/** One ECharts canvas, resized with its card and disposed when it leaves. */
export const EChart = ({ option, map, height = 300, onSelect, loadFailed }: EChartProps) => {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    (async () => {
      const echarts = await loadEcharts();
      if (map) await loadChina(echarts);
      if (cancelled || !element.current) return;
      const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
      instance.on('click', (params) => selectRef.current?.(String(params.name), params.dataIndex));
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(element.current);
      setState('ready');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(option, true);
  }, [option, state]);

  return (
    <div className="statistics-chart" style={{ height }}>
      {state === 'failed' ? <Alert type="error" showIcon message={loadFailed} /> : null}
      {state === 'loading' ? <Spin className="statistics-chart-spin" /> : null}
      <div ref={element} className="statistics-chart-canvas" style={{ height }} />
    </div>
  );
};
