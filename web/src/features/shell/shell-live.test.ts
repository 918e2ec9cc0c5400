import { describe, expect, it } from 'vitest';
import { parseShellLiveMessage } from './shell-live';

describe('parseShellLiveMessage', () => {
  it('takes the four kinds of the shell socket', () => {
    expect(parseShellLiveMessage('{"type":"messages","data":{"unread":3}}')).toEqual({
      type: 'messages',
      data: { unread: 3 },
    });
    expect(parseShellLiveMessage('{"type":"todos","data":{"open":1,"overdue":0}}')?.type).toBe('todos');
    expect(parseShellLiveMessage('{"type":"unread","data":{"unread":1,"toConfirm":0}}')?.type).toBe('unread');
    expect(parseShellLiveMessage('{"type":"remind","data":{"id":"n1","title":"t"}}')?.type).toBe('remind');
  });

  it('ignores anything else', () => {
    expect(parseShellLiveMessage('{"type":"other","data":{}}')).toBeNull();
    expect(parseShellLiveMessage('{"type":"messages"}')).toBeNull();
    expect(parseShellLiveMessage('garbage')).toBeNull();
  });
});
