import { describe, expect, it } from 'vitest';
import { interpretPollAnswer, parseQrSocketMessage } from './qr-messages';

const answer = {
  token: 'tok',
  expire: 7200,
  refreshToken: 'ref',
  tenantId: 't-water',
  twoFactorAuth: false,
  mobile: '',
  changePwd: false,
};

describe('parseQrSocketMessage', () => {
  it('reads uid, scanned and token messages', () => {
    expect(parseQrSocketMessage('{"type":"uid","data":"abc"}')).toEqual({ type: 'uid', uid: 'abc' });
    expect(parseQrSocketMessage('{"type":"scanned","data":null}')).toEqual({ type: 'scanned' });
    expect(parseQrSocketMessage(JSON.stringify({ type: 'token', data: answer }))).toEqual({
      type: 'token',
      result: answer,
    });
  });

  it('reads the messages that end a code', () => {
    for (const reason of ['error', 'expired', 'cancelled'] as const)
      expect(parseQrSocketMessage(JSON.stringify({ type: reason, data: null }))).toEqual({
        type: 'ended',
        reason,
      });
  });

  it('flags unparsable messages and broken data, and ignores unknown types', () => {
    for (const raw of [
      'not json',
      '',
      'null',
      '42',
      '{"data":1}',
      '{"type":"uid","data":""}',
      '{"type":"uid"}',
    ])
      expect(parseQrSocketMessage(raw)).toEqual({ type: 'invalid' });
    expect(parseQrSocketMessage(JSON.stringify({ type: 'token', data: { token: '' } }))).toEqual({
      type: 'invalid',
    });
    expect(parseQrSocketMessage(new ArrayBuffer(2))).toEqual({ type: 'invalid' });
    expect(parseQrSocketMessage('{"type":"ping"}')).toEqual({ type: 'ignored' });
  });
});

describe('interpretPollAnswer', () => {
  it('signs in on success with a token answer', () => {
    expect(interpretPollAnswer({ Code: 0, Success: true, Response: answer, state: 'used' })).toEqual({
      kind: 'signedIn',
      result: answer,
    });
  });

  it('follows the state otherwise', () => {
    const waiting = { Code: 0, Success: false, Response: null };
    expect(interpretPollAnswer({ ...waiting, state: 'pending' })).toEqual({ kind: 'waiting' });
    expect(interpretPollAnswer({ ...waiting, state: 'scanned' })).toEqual({ kind: 'scanned' });
    expect(interpretPollAnswer({ ...waiting, state: 'confirmed' })).toEqual({ kind: 'waiting' });
    expect(interpretPollAnswer({ ...waiting, state: 'used' })).toEqual({ kind: 'waiting' });
    expect(interpretPollAnswer({ ...waiting, state: 'expired' })).toEqual({ kind: 'ended' });
    expect(interpretPollAnswer({ ...waiting, state: 'cancelled' })).toEqual({ kind: 'ended' });
  });

  it('treats error envelopes and strange answers as nothing new', () => {
    expect(interpretPollAnswer({ Code: 42900, Message: 'slow down', Response: null })).toEqual({
      kind: 'waiting',
    });
    expect(interpretPollAnswer({ Code: 0, Success: true, Response: null })).toEqual({ kind: 'waiting' });
    expect(interpretPollAnswer(null)).toEqual({ kind: 'waiting' });
    expect(interpretPollAnswer('x')).toEqual({ kind: 'waiting' });
  });
});
