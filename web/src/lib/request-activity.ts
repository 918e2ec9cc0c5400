/**
 * What the page is still waiting for: requests of the API client and parts whose code is on its way.
 * page.html turns it into its busy signal (aria-busy on the page, see pages/page-busy.ts), which
 * assistive technology announces and tests wait for instead of sleeping.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Marks one piece of work as begun; the function returned ends it (once, however often called). */
export const beginActivity = (): (() => void) => {
  pending += 1;
  notify();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    notify();
  };
};

/** How many pieces of work are under way. */
export const pendingActivity = (): number => pending;

export const subscribeActivity = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
