import { z } from 'zod';

/**
 * The days and instants a request may name. A pattern such as `\d{4}-\d{2}-\d{2}` (and zod's ISO
 * formats) lets through days that do not exist or that nothing downstream can hold: JavaScript's
 * Date turns 2026-00-10 into an Invalid Date whose toISOString throws; PostgreSQL refuses year 0
 * ("0000-01-01"), and a period reaching back from 0001-01-01 lands there; past 9999 JavaScript writes
 * years as "+010000", which PostgreSQL refuses. Every day and time of a request is one of these two
 * schemas: a real calendar day, and an instant, between the epoch and the end of year 9999.
 */
export const EARLIEST_DAY = '1970-01-01';
export const LATEST_DAY = '9999-12-31';

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST_INSTANT = Date.parse(`${EARLIEST_DAY}T00:00:00.000Z`);
const LATEST_INSTANT = Date.parse(`${LATEST_DAY}T23:59:59.999Z`);

/** A day of the calendar: 2026-02-30 and 2026-13-01 are not (Date would roll them over). */
export const isCalendarDay = (text: string): boolean => {
  if (!DAY_SHAPE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
};

const BOUNDS_MESSAGE = `日期须在 ${EARLIEST_DAY} 与 ${LATEST_DAY} 之间`;

/** `YYYY-MM-DD`: a day that exists, from 1970-01-01 to 9999-12-31. */
export const isoDaySchema = z
  .string()
  .regex(DAY_SHAPE, { message: '日期格式须为 YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, { message: '日期不存在', abort: true })
  .refine((day) => day >= EARLIEST_DAY && day <= LATEST_DAY, BOUNDS_MESSAGE);

/** An ISO 8601 date-time with its offset, at an instant from 1970-01-01 to the end of 9999 (UTC). */
export const isoInstantSchema = z.iso
  .datetime({ offset: true, message: '时间须为 ISO 8601 格式（含时区）', abort: true })
  .refine((text) => {
    const time = Date.parse(text);
    return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
  }, BOUNDS_MESSAGE);
