/**
 * Answers asked for before anyone needs them (the homepage's data while its code loads), each
 * taken once: a query takes the early answer instead of asking again; an answer kept longer than
 * `freshMs` (the page was opened, left and opened again) is not taken.
 */
export const createEarlyAnswers = (freshMs = 10_000, now: () => number = Date.now) => {
  const kept = new Map<string, { at: number; answer: Promise<unknown> }>();
  return {
    keep: (key: string, answer: Promise<unknown>): void => {
      // A failure is the query's to show when it asks again; nothing unhandled meanwhile.
      answer.catch(() => undefined);
      kept.set(key, { at: now(), answer });
    },
    /** The early answer for `key` (once), else a new request. */
    take: <T>(key: string, ask: () => Promise<T>): Promise<T> => {
      const early = kept.get(key);
      kept.delete(key);
      return early && now() - early.at < freshMs ? (early.answer as Promise<T>) : ask();
    },
    isEmpty: (): boolean => kept.size === 0,
  };
};
