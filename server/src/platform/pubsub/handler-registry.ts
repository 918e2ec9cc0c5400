import type { MessageHandler } from './pubsub';

/** One subscribe() call; an object rather than the handler itself, so subscribing twice counts twice. */
interface Subscription {
  readonly handler: MessageHandler;
}

/** Which handlers listen on which channel; shared by both PubSub implementations. */
export class HandlerRegistry {
  private readonly byChannel = new Map<string, Set<Subscription>>();

  constructor(private readonly onHandlerError: (error: Error) => void) {}

  /** Returns the subscription and whether it is the channel's first (so the backend must subscribe). */
  add(channel: string, handler: MessageHandler): { subscription: Subscription; first: boolean } {
    let subscriptions = this.byChannel.get(channel);
    const first = subscriptions === undefined;
    if (!subscriptions) {
      subscriptions = new Set();
      this.byChannel.set(channel, subscriptions);
    }
    const subscription = { handler };
    subscriptions.add(subscription);
    return { subscription, first };
  }

  /** Returns true if this removed the channel's last subscription (so the backend can unsubscribe). */
  remove(channel: string, subscription: Subscription): boolean {
    const subscriptions = this.byChannel.get(channel);
    if (!subscriptions?.delete(subscription)) return false;
    if (subscriptions.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  has(channel: string, subscription: Subscription): boolean {
    return this.byChannel.get(channel)?.has(subscription) ?? false;
  }

  subscriptionsOf(channel: string): Subscription[] {
    return [...(this.byChannel.get(channel) ?? [])];
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  clear(): void {
    this.byChannel.clear();
  }

  /** A throwing handler must neither starve the other handlers nor break the Redis reader or crash the process. */
  deliver(subscription: Subscription, message: string): void {
    try {
      subscription.handler(message);
    } catch (error) {
      this.onHandlerError(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
