import { describe, expect, it } from 'vitest';
import { linkTabEntry } from './link-tab';
import { shellMessageOf } from './shell-open';

const ctx = { token: 'tok', tenantId: 't-water', sn: null, scene: 'index' as const };

describe('to-do links in the shell', () => {
  it('opens a page of the product as its route, with the frame parameters', () => {
    const entry = linkTabEntry('/todoList?status=done', '待办', ctx);
    expect(entry.Id).toBe('/todoList?status=done');
    expect(entry.Val).toContain('#/todoList?status=done');
    expect(entry.Val).toContain('uniwater_utoken=tok');
  });

  it("opens an application's address as it is, never with the user's token", () => {
    const entry = linkTabEntry('https://orders.example.com/wo/42', '工单', ctx);
    expect(entry).toMatchObject({
      Id: 'https://orders.example.com/wo/42',
      Val: 'https://orders.example.com/wo/42',
    });
    expect(entry.Val).not.toContain('tok');
    expect(linkTabEntry('/apps/orders/42', '工单', ctx).Val).toBe('/apps/orders/42');
  });

  it('takes open requests from frames of its own origin only, and only safe links', () => {
    const origin = 'https://cloud.example.com';
    const open = { type: 'uniwim:open-link', link: '/todoList', title: '待办' };
    expect(shellMessageOf({ origin, data: open }, origin)).toEqual(open);
    expect(shellMessageOf({ origin: 'https://evil.example', data: open }, origin)).toBeNull();
    expect(shellMessageOf({ origin, data: { ...open, link: 'javascript:alert(1)' } }, origin)).toBeNull();
    expect(shellMessageOf({ origin, data: { ...open, link: '//evil.example/x' } }, origin)).toBeNull();
    expect(shellMessageOf({ origin, data: 'text' }, origin)).toBeNull();
    expect(shellMessageOf({ origin, data: { type: 'uniwim:todos-changed' } }, origin)).toEqual({
      type: 'uniwim:todos-changed',
    });
  });
});
