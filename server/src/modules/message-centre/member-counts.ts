import type { PubSub } from '../../platform/pubsub/pubsub';

/** A member signed in to a tenant. */
export interface CountMember {
  tenantId: string;
  accountId: string;
}

/** What a change announces on the PubSub: whose counts changed (JSON on the channel). */
export interface CountChange {
  tenantId: string;
  accountIds: string[];
}

interface Listener<T> {
  member: CountMember;
  send(count: T): void;
}

/** A change message of the channel, or null for anything that does not look like one. */
export const parseCountChange = (message: string): CountChange | null => {
  try {
    const parsed = JSON.parse(message) as Partial<CountChange>;
    if (typeof parsed.tenantId !== 'string' || !Array.isArray(parsed.accountIds)) return null;
    return {
      tenantId: parsed.tenantId,
      accountIds: parsed.accountIds.filter((id) => typeof id === 'string'),
    };
  } catch {
    return null;
  }
};

/**
 * One live count per member (unread messages, open to-dos) for the open shells of this instance. A
 * change is announced through the PubSub with the tenant and the accounts it concerns; each
 * instance then reads the count again for its own shells of exactly those members, so a shell only
 * ever receives its own member's count, and nobody of another tenant hears of it.
 */
export const createMemberCounts = <T>(deps: {
  pubsub: PubSub;
  /** The channels whose messages change the count (the first is the one `announce` publishes on). */
  channels: readonly [string, ...string[]];
  read(member: CountMember): Promise<T>;
}) => {
  const listeners = new Set<Listener<T>>();

  const tell = async (listener: Listener<T>) => {
    try {
      listener.send(await deps.read(listener.member));
    } catch {
      // The next change tells it again; one failed read must not stop the others.
    }
  };

  const changed = async (change: CountChange) => {
    const accounts = new Set(change.accountIds);
    const due = [...listeners].filter(
      (listener) => listener.member.tenantId === change.tenantId && accounts.has(listener.member.accountId),
    );
    // A few at a time: a message to a whole tenant must not open a transaction per shell at once.
    for (let start = 0; start < due.length; start += 16) {
      await Promise.all(due.slice(start, start + 16).map(tell));
    }
  };

  return {
    /** A shell starts listening; its current count is sent at once. Answers how to stop. */
    listen: (member: CountMember, send: (count: T) => void) => {
      const listener = { member, send };
      listeners.add(listener);
      void tell(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** After a committed change: every instance tells those members' open shells. */
    announce: async (tenantId: string, accountIds: readonly string[]) => {
      if (accountIds.length === 0) return;
      const change: CountChange = { tenantId, accountIds: [...new Set(accountIds)] };
      await deps.pubsub.publish(deps.channels[0], JSON.stringify(change));
    },

    /** Changes announced by any instance reach this one's shells; answers how to stop. */
    listenForChanges: async () => {
      const stops = await Promise.all(
        deps.channels.map((channel) =>
          deps.pubsub.subscribe(channel, (message) => {
            const change = parseCountChange(message);
            if (change) void changed(change);
          }),
        ),
      );
      return async () => {
        for (const stop of stops) await stop();
      };
    },

    /** Open shells on this instance (tests, the bench). */
    listenerCount: () => listeners.size,
  };
};

export type MemberCounts<T> = ReturnType<typeof createMemberCounts<T>>;
