import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore, type Store } from '../../platform/store';
import { RedisStore } from '../../platform/store/redis-store';
import { deleteNamespace, randomTestNamespace, testRedisUrl } from '../../platform/store/redis-test-support';
import { CAPTCHA_ALPHABET } from './font';
import { seededRandom } from './seeded-random';
import { CAPTCHA_TTL_MS, captchaStoreKey, createCaptchaService } from './service';

const namespace = randomTestNamespace();

const backends: { name: string; open: () => Promise<Store> }[] = [
  { name: 'memory', open: async () => new MemoryStore() },
];
if (testRedisUrl) {
  const url = testRedisUrl;
  backends.push({ name: 'redis', open: () => RedisStore.connect(url, { namespace }) });
}

afterAll(async () => {
  if (testRedisUrl) await deleteNamespace(testRedisUrl, namespace);
});

/** Like the page's id: a millisecond timestamp followed by a 4-digit random. */
const freshTimeId = (): string =>
  `${Date.now()}${randomInt(10_000).toString().padStart(4, '0')}${randomInt(1000)}`;

describe.each(backends)('captcha service on $name', ({ open }) => {
  let store: Store;
  let captcha: ReturnType<typeof createCaptchaService>;

  /** What the image shows, read where integration tests are meant to read it: the Store. */
  const answerOf = async (timeId: string): Promise<string> => {
    const answer = await store.get(captchaStoreKey(timeId));
    if (answer === null) throw new Error(`no captcha answer stored for ${timeId}`);
    return answer;
  };

  beforeAll(async () => {
    store = await open();
    captcha = createCaptchaService({ store });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('issues a 117x32 PNG and keeps its 4-character answer under captcha:<timeId> for 2 minutes', async () => {
    const timeId = freshTimeId();
    const image = PNG.sync.read(await captcha.issue(timeId));
    expect([image.width, image.height]).toEqual([117, 32]);
    expect(await answerOf(timeId)).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    const ttl = await store.ttlMs(captchaStoreKey(timeId));
    expect(ttl).toBeGreaterThan(CAPTCHA_TTL_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
  });

  it('accepts the right answer once only', async () => {
    const timeId = freshTimeId();
    await captcha.issue(timeId);
    const answer = await answerOf(timeId);
    expect(await captcha.verify(timeId, answer)).toBe(true);
    expect(await captcha.verify(timeId, answer)).toBe(false);
  });

  it('ignores case and surrounding spaces', async () => {
    const timeId = freshTimeId();
    await captcha.issue(timeId);
    expect(await captcha.verify(timeId, ` ${(await answerOf(timeId)).toLowerCase()} `)).toBe(true);
  });

  it('binds the answer to its id', async () => {
    const [first, second] = [freshTimeId(), freshTimeId()];
    await captcha.issue(first);
    await captcha.issue(second);
    const firstAnswer = await answerOf(first);
    const secondAnswer = await answerOf(second);
    // Answers of two ids may coincide by chance; then the cross-check proves nothing.
    if (firstAnswer !== secondAnswer) expect(await captcha.verify(second, firstAnswer)).toBe(false);
    expect(await captcha.verify(first, firstAnswer)).toBe(true);
  });

  it('uses the answer up on a wrong guess too', async () => {
    const timeId = freshTimeId();
    await captcha.issue(timeId);
    const answer = await answerOf(timeId);
    expect(await captcha.verify(timeId, 'ZZZZ')).toBe(false);
    expect(await captcha.verify(timeId, answer)).toBe(false);
    expect(await store.get(captchaStoreKey(timeId))).toBeNull();
  });

  it('refuses an id that never had an image, an empty answer and an overlong one', async () => {
    expect(await captcha.verify(freshTimeId(), 'ABCD')).toBe(false);
    for (const answer of ['', 'A'.repeat(100)]) {
      const timeId = freshTimeId();
      await captcha.issue(timeId);
      expect(await captcha.verify(timeId, answer)).toBe(false);
    }
  });

  it('replaces the answer when the same id asks for a new image', async () => {
    const seeded = createCaptchaService({ store, random: seededRandom(5) });
    const timeId = freshTimeId();
    await seeded.issue(timeId);
    const first = await answerOf(timeId);
    let second = first;
    // The seeded sequence moves on, so a different answer comes within a few tries.
    for (let i = 0; i < 5 && second === first; i++) {
      await seeded.issue(timeId);
      second = await answerOf(timeId);
    }
    expect(second).not.toBe(first);
    expect(await captcha.verify(timeId, first)).toBe(false);
  });

  it('forgets an answer after its TTL', async () => {
    const shortLived = createCaptchaService({ store, ttlMs: 80 });
    const timeId = freshTimeId();
    await shortLived.issue(timeId);
    const answer = await answerOf(timeId);
    await sleep(160);
    expect(await shortLived.verify(timeId, answer)).toBe(false);
  });

  it('refuses a malformed id: BAD_REQUEST on issue, false on verify', async () => {
    for (const timeId of ['', '12345', 'abc123456', `1${'0'.repeat(32)}`, '123456 ']) {
      await expect(captcha.issue(timeId)).rejects.toMatchObject({ errorName: 'BAD_REQUEST' });
      expect(await captcha.verify(timeId, 'ABCD')).toBe(false);
    }
  });
});
