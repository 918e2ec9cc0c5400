import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger, rejectionOf } from '../../../test/fakes/sms-test-support';
import { createSmsProvider, type OutboxLine, outboxFile, SmsDeliveryError, type SmsLogger } from './index';

describe('outbox SMS provider', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sms-outbox-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const readLines = async () => (await readFile(outboxFile(dataDir), 'utf8')).split('\n');

  it('writes 50 concurrent sends as 50 whole JSON lines', async () => {
    const logger = recordingLogger();
    const outbox = createSmsProvider({ provider: 'outbox', timeoutMs: 5000 }, { dataDir, logger });
    const messages = Array.from({ length: 50 }, (_, i) => {
      const code = String(100000 + i);
      return {
        mobile: `1380013${String(i).padStart(4, '0')}`,
        template: 'verification-code' as const,
        params: { code },
        // Long enough that a torn write would show.
        text: `您的验证码是${code}。${'请勿泄露。'.repeat(200)}`,
      };
    });

    await Promise.all(messages.map((message) => outbox.send(message)));

    const lines = await readLines();
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(50);
    const entries = lines.map((line) => JSON.parse(line) as OutboxLine);
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual(['time', 'mobile', 'template', 'params', 'text']);
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
    }
    expect(entries.map((entry) => entry.params.code).sort()).toEqual(
      messages.map((message) => message.params.code),
    );
    expect(logger.lines).toHaveLength(50);
  });

  it('logs mobile and text in its own line named sms-outbox', async () => {
    const logger = recordingLogger();
    const outbox = createSmsProvider(
      { provider: 'outbox', timeoutMs: 5000 },
      { dataDir, logger, now: () => new Date('2024-05-06T07:08:09.000Z') },
    );

    await outbox.send({ mobile: '13800138000', template: 'message', params: {}, text: '明天九点开会' });

    expect(logger.lines).toEqual([
      { level: 'info', msg: 'sms-outbox', details: { mobile: '13800138000', text: '明天九点开会' } },
    ]);
    expect(JSON.parse((await readLines())[0]!)).toEqual({
      time: '2024-05-06T07:08:09.000Z',
      mobile: '13800138000',
      template: 'message',
      params: {},
      text: '明天九点开会',
    });
  });

  it('creates DATA_DIR when it does not exist yet', async () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const outbox = createSmsProvider(
      { provider: 'outbox', timeoutMs: 5000 },
      { dataDir: nested, logger: recordingLogger() },
    );
    await outbox.send({
      mobile: '13800138000',
      template: 'verification-code',
      params: { code: '1' },
      text: '1',
    });
    expect(await readFile(outboxFile(nested), 'utf8')).toContain('"code":"1"');
  });

  it('rejects with SmsDeliveryError when the file cannot be written, and logs why', async () => {
    const logger = recordingLogger();
    const blocked = path.join(dataDir, 'file-not-dir');
    await writeFile(blocked, 'a file where the data directory should be');
    const outbox = createSmsProvider({ provider: 'outbox', timeoutMs: 5000 }, { dataDir: blocked, logger });

    const error = await rejectionOf(
      outbox.send({
        mobile: '13800138000',
        template: 'verification-code',
        params: { code: '654321' },
        text: '654321',
      }),
    );

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ kind: 'outbox-write' });
    expect((error as Error).message).not.toContain('654321');
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'warn', msg: 'sms-delivery-failed' })]);
  });

  it("accepts the server's pino logger", () => {
    const logger: SmsLogger = pino({ enabled: false });
    expect(() =>
      createSmsProvider({ provider: 'outbox', timeoutMs: 5000 }, { dataDir, logger }),
    ).not.toThrow();
  });
});
