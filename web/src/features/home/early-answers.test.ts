import { describe, expect, it, vi } from 'vitest';
import { createEarlyAnswers } from './early-answers';

describe('early answers', () => {
  it('gives the early answer once, then asks', async () => {
    const early = createEarlyAnswers();
    early.keep('overview', Promise.resolve('early'));
    const ask = vi.fn(() => Promise.resolve('asked'));
    expect(await early.take('overview', ask)).toBe('early');
    expect(ask).not.toHaveBeenCalled();
    expect(await early.take('overview', ask)).toBe('asked');
    expect(await early.take('other', ask)).toBe('asked');
  });

  it('asks again when the early answer is stale', async () => {
    let clock = 0;
    const early = createEarlyAnswers(1_000, () => clock);
    early.keep('overview', Promise.resolve('early'));
    clock = 1_000;
    expect(await early.take('overview', () => Promise.resolve('asked'))).toBe('asked');
  });

  it('hands a failed early answer to its query, and leaves nothing unhandled before', async () => {
    const early = createEarlyAnswers();
    early.keep('recent', Promise.reject(new Error('down')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(early.take('recent', () => Promise.resolve('asked'))).rejects.toThrow('down');
    expect(early.isEmpty()).toBe(true);
  });
});
