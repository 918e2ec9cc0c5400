export const formatRate = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');

/** Milliseconds with at most two decimals; autocannon reports whole milliseconds, so 0 means under 1 ms. */
export const formatMs = (ms: number): string => (ms === 0 ? '<1' : String(Number(ms.toFixed(2))));

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export const formatPercent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;

/** Kilobytes of 1,000 bytes, as the web build's own budget script counts them. */
export const formatKb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
