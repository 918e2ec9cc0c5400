import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  randomTestNamespace,
  redisConnectionNames,
  redisUrls,
  testRedisUrl,
  UNREACHABLE_REDIS_URL,
  withRawRedis,
} from '../store/redis-test-support';
import { createPubSub, MemoryPubSub, type PubSub } from './index';
import { RedisPubSub } from './redis-pubsub';

const namespace = randomTestNamespace();

interface Backend {
  name: string;
  open: (onError?: (error: Error) => void) => Promise<PubSub>;
}

const backends: Backend[] = [{ name: 'memory', open: async (onError) => new MemoryPubSub({ onError }) }];
if (testRedisUrl) {
  const url = testRedisUrl;
  backends.push({ name: 'redis', open: (onError) => RedisPubSub.connect(url, { namespace, onError }) });
}

const freshChannel = (): string => `channel:${randomUUID()}`;

/** Collects what a handler receives. */
const recorder = () => {
  const messages: string[] = [];
  return { messages, handler: (message: string) => void messages.push(message) };
};

/**
 * Proves a message did NOT arrive without sleeping: a later marker published on another channel of the
 * same PubSub is delivered after it, both in memory and in Redis (one connection keeps the order).
 */
const settle = async (pubsub: PubSub): Promise<void> => {
  const marker = recorder();
  const markerChannel = freshChannel();
  const unsubscribe = await pubsub.subscribe(markerChannel, marker.handler);
  await pubsub.publish(markerChannel, 'marker');
  await vi.waitFor(() => expect(marker.messages).toEqual(['marker']));
  await unsubscribe();
};

describe.each(backends)('PubSub contract on $name', ({ open }) => {
  let pubsub: PubSub;

  beforeAll(async () => {
    pubsub = await open();
  });

  afterAll(async () => {
    await pubsub?.close();
  });

  it('delivers a published message to a subscriber, asynchronously', async () => {
    const channel = freshChannel();
    const { messages, handler } = recorder();
    await pubsub.subscribe(channel, handler);
    const publishing = pubsub.publish(channel, 'hello');
    expect(messages).toEqual([]);
    await publishing;
    await vi.waitFor(() => expect(messages).toEqual(['hello']));
  });

  it('keeps the publish order on a channel', async () => {
    const channel = freshChannel();
    const { messages, handler } = recorder();
    await pubsub.subscribe(channel, handler);
    const sent = Array.from({ length: 20 }, (_, i) => `message-${i}`);
    for (const message of sent) await pubsub.publish(channel, message);
    await vi.waitFor(() => expect(messages).toEqual(sent));
  });

  it('delivers to every handler of the channel and to no other channel', async () => {
    const channel = freshChannel();
    const first = recorder();
    const second = recorder();
    const elsewhere = recorder();
    await pubsub.subscribe(channel, first.handler);
    await pubsub.subscribe(channel, second.handler);
    await pubsub.subscribe(freshChannel(), elsewhere.handler);
    await pubsub.publish(channel, 'to both');
    await vi.waitFor(() => {
      expect(first.messages).toEqual(['to both']);
      expect(second.messages).toEqual(['to both']);
    });
    await settle(pubsub);
    expect(elsewhere.messages).toEqual([]);
  });

  it('stops delivery after unsubscribe, while other handlers keep receiving', async () => {
    const channel = freshChannel();
    const leaving = recorder();
    const staying = recorder();
    const unsubscribe = await pubsub.subscribe(channel, leaving.handler);
    await pubsub.subscribe(channel, staying.handler);
    await unsubscribe();
    await pubsub.publish(channel, 'after');
    await vi.waitFor(() => expect(staying.messages).toEqual(['after']));
    await settle(pubsub);
    expect(leaving.messages).toEqual([]);
  });

  it('stops delivery when the last handler leaves, and resumes on a new subscription', async () => {
    const channel = freshChannel();
    const first = recorder();
    const unsubscribe = await pubsub.subscribe(channel, first.handler);
    await unsubscribe();
    await unsubscribe(); // harmless twice
    await pubsub.publish(channel, 'nobody listens');
    await settle(pubsub);
    expect(first.messages).toEqual([]);

    const second = recorder();
    await pubsub.subscribe(channel, second.handler);
    await pubsub.publish(channel, 'back');
    await vi.waitFor(() => expect(second.messages).toEqual(['back']));
    expect(first.messages).toEqual([]);
  });

  it('treats the same handler subscribed twice as two subscriptions', async () => {
    const channel = freshChannel();
    const { messages, handler } = recorder();
    const unsubscribeFirst = await pubsub.subscribe(channel, handler);
    await pubsub.subscribe(channel, handler);
    await pubsub.publish(channel, 'twice');
    await vi.waitFor(() => expect(messages).toEqual(['twice', 'twice']));

    await unsubscribeFirst();
    await pubsub.publish(channel, 'once');
    await vi.waitFor(() => expect(messages).toEqual(['twice', 'twice', 'once']));
  });

  it('subscribes concurrently to one channel without losing a handler', async () => {
    const channel = freshChannel();
    const recorders = Array.from({ length: 10 }, recorder);
    await Promise.all(recorders.map(({ handler }) => pubsub.subscribe(channel, handler)));
    await pubsub.publish(channel, 'all');
    await vi.waitFor(() => {
      for (const { messages } of recorders) expect(messages).toEqual(['all']);
    });
  });

  it('reports a throwing handler and still delivers to the others', async () => {
    const errors: Error[] = [];
    const own = await open((error) => errors.push(error));
    try {
      const channel = freshChannel();
      const healthy = recorder();
      await own.subscribe(channel, () => {
        throw new Error('handler bug');
      });
      await own.subscribe(channel, healthy.handler);
      await own.publish(channel, 'm');
      await vi.waitFor(() => expect(healthy.messages).toEqual(['m']));
      expect(errors.map((error) => error.message)).toEqual(['handler bug']);
    } finally {
      await own.close();
    }
  });

  it('stops delivering on close, rejects later use, and can be closed twice', async () => {
    const own = await open();
    const { messages, handler } = recorder();
    await own.subscribe(freshChannel(), handler);
    await own.close();
    await own.close();
    await expect(own.publish(freshChannel(), 'm')).rejects.toThrow();
    await expect(own.subscribe(freshChannel(), handler)).rejects.toThrow();
    expect(messages).toEqual([]);
  });
});

describe.each(redisUrls)('RedisPubSub across instances', () => {
  const url = testRedisUrl ?? '';
  let instanceA: PubSub;
  let instanceB: PubSub;

  beforeAll(async () => {
    [instanceA, instanceB] = await Promise.all([
      RedisPubSub.connect(url, { namespace }),
      RedisPubSub.connect(url, { namespace }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([instanceA?.close(), instanceB?.close()]);
  });

  it('delivers a message published on one instance to subscribers on every instance', async () => {
    const channel = freshChannel();
    const onA = recorder();
    const onB = recorder();
    await instanceA.subscribe(channel, onA.handler);
    await instanceB.subscribe(channel, onB.handler);
    await instanceB.publish(channel, 'from B');
    await instanceA.publish(channel, 'from A');
    await vi.waitFor(() => {
      expect(onA.messages).toEqual(['from B', 'from A']);
      expect(onB.messages).toEqual(['from B', 'from A']);
    });
  });

  it('stops cross-instance delivery after unsubscribe', async () => {
    const channel = freshChannel();
    const onA = recorder();
    const unsubscribe = await instanceA.subscribe(channel, onA.handler);
    await unsubscribe();
    await instanceB.publish(channel, 'too late');
    await settle(instanceA);
    expect(onA.messages).toEqual([]);
  });

  it('shares one Redis subscription per channel and drops it with the last handler', async () => {
    const channel = freshChannel();
    const subscriberCount = async () =>
      withRawRedis(url, async (redis) => {
        const reply = (await redis.pubsub('NUMSUB', `${namespace}${channel}`)) as [string, number];
        return Number(reply[1]);
      });
    const unsubscribeFirst = await instanceA.subscribe(channel, () => {});
    const unsubscribeSecond = await instanceA.subscribe(channel, () => {});
    expect(await subscriberCount()).toBe(1);
    await unsubscribeFirst();
    expect(await subscriberCount()).toBe(1);
    await unsubscribeSecond();
    expect(await subscriberCount()).toBe(0);
  });

  it('prefixes channels with the namespace and isolates other namespaces', async () => {
    const channel = freshChannel();
    const other = await RedisPubSub.connect(url, { namespace: randomTestNamespace() });
    try {
      const inOtherNamespace = recorder();
      const raw = recorder();
      await other.subscribe(channel, inOtherNamespace.handler);
      await instanceA.subscribe(channel, raw.handler);
      await withRawRedis(url, (redis) => redis.publish(`${namespace}${channel}`, 'raw'));
      await vi.waitFor(() => expect(raw.messages).toEqual(['raw']));
      await instanceB.publish(channel, 'namespaced');
      await vi.waitFor(() => expect(raw.messages).toEqual(['raw', 'namespaced']));
      await settle(other);
      expect(inOtherNamespace.messages).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('releases both connections on close', async () => {
    const closingNamespace = randomTestNamespace();
    const pubsub = await RedisPubSub.connect(url, { namespace: closingNamespace });
    await pubsub.subscribe(freshChannel(), () => {});
    const ours = (names: string[]) => names.filter((name) => name.startsWith(closingNamespace)).sort();
    expect(ours(await redisConnectionNames(url))).toEqual([
      `${closingNamespace}pub`,
      `${closingNamespace}sub`,
    ]);
    await pubsub.close();
    expect(ours(await redisConnectionNames(url))).toEqual([]);
  });
});

describe('createPubSub', () => {
  it('returns an in-memory PubSub without a Redis URL', async () => {
    const pubsub = await createPubSub();
    expect(pubsub).toBeInstanceOf(MemoryPubSub);
    await pubsub.close();
  });

  it.each(redisUrls)('returns a Redis PubSub with a Redis URL', async () => {
    const pubsub = await createPubSub({ redisUrl: testRedisUrl, namespace });
    expect(pubsub).toBeInstanceOf(RedisPubSub);
    await pubsub.close();
  });

  it('fails fast with a clear error when Redis is unreachable', async () => {
    await expect(createPubSub({ redisUrl: UNREACHABLE_REDIS_URL })).rejects.toThrow(
      /Cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/,
    );
  });
});
