import dayjs from 'dayjs';

export interface PeriodValue {
  from: string;
  to: string;
}

/**
 * The last `days` statistics days, `today` included. Today is the statistics' own (the answer's
 * `today`: the tenant's zone, or the platform's for all tenants), never the browser's: between
 * 16:00 and 24:00 UTC a browser on UTC is a day behind Shanghai, and its period would leave today out.
 */
export const lastDays = (days: number, today: string): PeriodValue => {
  const end = dayjs(today);
  return { from: end.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today };
};
