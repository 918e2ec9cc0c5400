// The bundled boundary data of ECharts 4 (npm alias echarts4-maps = echarts@4.9.0, Apache-2.0).
declare module 'echarts4-maps/map/json/china.json' {
  const geo: { type: string; features: unknown[]; UTF8Encoding?: boolean };
  export default geo;
}
