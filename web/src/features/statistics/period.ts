import { STATISTICS_TIME_ZONE } from '@uniwim/contracts/client';
import dayjs from 'dayjs';

export interface PeriodValue {
  from: string;
  to: string;
}

/**
 * Today as the statistics count days (STATISTICS_TIME_ZONE), not the browser's: between 16:00 and
 * 24:00 UTC a browser on UTC is a day behind, and its default period would leave today out.
 */
export const statisticsToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: STATISTICS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The last `days` statistics days, today included. */
export const lastDays = (days: number, now: Date = new Date()): PeriodValue => {
  const today = dayjs(statisticsToday(now));
  return { from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
};
