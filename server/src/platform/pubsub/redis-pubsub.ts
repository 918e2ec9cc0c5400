import type { Redis } from 'ioredis';
import {
  closeRedisConnection,
  DEFAULT_NAMESPACE,
  openRedisConnection,
  reportRedisErrorToConsole,
} from '../store/redis-connection';
import { isRedisOutage, redisCall } from '../store/redis-outage';
import { HandlerRegistry } from './handler-registry';
import type { MessageHandler, PubSub, PubSubErrorReporting, Unsubscribe } from './pubsub';

export interface RedisPubSubOptions extends PubSubErrorReporting {
  /** Prepended to every channel, so several deployments (or test runs) can share one Redis. */
  namespace?: string;
}

/**
 * PubSub across every instance connected to the same Redis and namespace. A connection in subscriber
 * mode cannot publish, hence two connections; all subscriptions share the one subscriber connection.
 */
export class RedisPubSub implements PubSub {
  private readonly registry: HandlerRegistry;
  /** The SUBSCRIBE in flight or done per channel, so later subscribers wait for the same one. */
  private readonly subscribed = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly namespace: string,
    private readonly onError: (error: Error) => void,
  ) {
    this.registry = new HandlerRegistry(onError);
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const subscription of this.registry.subscriptionsOf(channel)) {
        this.registry.deliver(subscription, message);
      }
    });
  }

  static async connect(url: string, options: RedisPubSubOptions = {}): Promise<RedisPubSub> {
    const namespace = options.namespace ?? DEFAULT_NAMESPACE;
    const onError = options.onError ?? reportRedisErrorToConsole;
    const publisher = await openRedisConnection(url, { connectionName: `${namespace}pub`, onError });
    try {
      const subscriber = await openRedisConnection(url, { connectionName: `${namespace}sub`, onError });
      return new RedisPubSub(publisher, subscriber, namespace, onError);
    } catch (error) {
      await closeRedisConnection(publisher);
      throw error;
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    await redisCall(() => this.publisher.publish(this.namespace + channel, message));
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe> {
    const redisChannel = this.namespace + channel;
    const { subscription, first } = this.registry.add(redisChannel, handler);
    if (first)
      this.subscribed.set(
        redisChannel,
        redisCall(() => this.subscriber.subscribe(redisChannel)),
      );
    const pending = this.subscribed.get(redisChannel);
    try {
      await pending;
    } catch (error) {
      this.registry.remove(redisChannel, subscription);
      if (this.subscribed.get(redisChannel) === pending) this.subscribed.delete(redisChannel);
      throw error;
    }
    return async () => {
      if (!this.registry.remove(redisChannel, subscription)) return;
      this.subscribed.delete(redisChannel);
      await this.unsubscribeFromRedis(redisChannel);
    };
  }

  /**
   * Never rejects because of an outage: callers unsubscribe from close handlers, where a rejection
   * would be unhandled and end the process. ioredis subscribes again to every channel it held when the
   * connection comes back, so a channel left during an outage is left once more after the reconnect.
   */
  private async unsubscribeFromRedis(redisChannel: string): Promise<void> {
    try {
      // Commands on one connection run in order, so a SUBSCRIBE issued meanwhile still wins.
      await this.subscriber.unsubscribe(redisChannel);
    } catch (error) {
      if (!isRedisOutage(error)) throw error;
      this.subscriber.once('ready', () => {
        // 'ready' is emitted just before ioredis sends its SUBSCRIBE again: leave after it, not before.
        process.nextTick(() => {
          if (this.subscribed.has(redisChannel)) return;
          this.unsubscribeFromRedis(redisChannel).catch(this.onError);
        });
      });
    }
  }

  async close(): Promise<void> {
    this.registry.clear();
    this.subscribed.clear();
    await Promise.all([closeRedisConnection(this.publisher), closeRedisConnection(this.subscriber)]);
  }
}
