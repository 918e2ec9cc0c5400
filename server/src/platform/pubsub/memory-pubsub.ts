import { HandlerRegistry } from './handler-registry';
import type { MessageHandler, PubSub, PubSubErrorReporting, Unsubscribe } from './pubsub';

const reportToConsole = (error: Error): void => {
  console.error(`[pubsub] ${error.message}`);
};

/** In-process PubSub for a single instance. */
export class MemoryPubSub implements PubSub {
  private readonly registry: HandlerRegistry;
  private closed = false;

  constructor({ onError = reportToConsole }: PubSubErrorReporting = {}) {
    this.registry = new HandlerRegistry(onError);
  }

  async publish(channel: string, message: string): Promise<void> {
    this.assertOpen();
    for (const subscription of this.registry.subscriptionsOf(channel)) {
      // Deliver later, as Redis would: code that only works because the handler ran inside
      // publish() would break once several instances share Redis.
      queueMicrotask(() => {
        if (this.registry.has(channel, subscription)) this.registry.deliver(subscription, message);
      });
    }
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    this.assertOpen();
    const { subscription } = this.registry.add(channel, handler);
    return async () => {
      this.registry.remove(channel, subscription);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.registry.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('PubSub is closed');
  }
}
