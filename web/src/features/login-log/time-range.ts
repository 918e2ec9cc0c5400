/** The login log's time range presets; the list is always bounded by one (default: the last 24 hours). */
export type RangePreset = '1h' | '24h' | '7d' | '30d';

const PRESET_MS: Record<RangePreset, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export const DEFAULT_PRESET: RangePreset = '24h';

/** The query of a preset counted back from `now`: an open end, so rows written after it still show. */
export const presetRange = (preset: RangePreset, now: number): { createdAtFrom: string } => ({
  createdAtFrom: new Date(now - PRESET_MS[preset]).toISOString(),
});
