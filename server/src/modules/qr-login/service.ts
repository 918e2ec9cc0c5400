import type { LoginResult } from '@uniwim/contracts';
import { newOpaqueToken } from '../../platform/crypto/tokens';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import type { Store } from '../../platform/store/store';
import type { AccountDirectory } from '../auth/account-directory';
import type { RequestContext } from '../auth/request-context';
import type { SignIn } from '../auth/sign-in';
import type { ActiveSession } from '../sessions/repo';
import type { TenantService } from '../tenants/service';
import {
  describeDevice,
  parseQrSession,
  QR_TTL_MS,
  type QrEvent,
  type QrSession,
  type QrState,
  qrChannel,
  qrKey,
} from './qr-session';

export interface QrServiceDeps {
  store: Store;
  pubsub: PubSub;
  accounts: AccountDirectory;
  tenants: TenantService;
  signIn: SignIn;
  ttlMs?: number;
}

/**
 * QR sign-in. Sessions live in the Store and their events go through PubSub, so the PC's socket can
 * be held by one instance while the phone's scan and confirmation reach another. The PC never gets
 * the phone's token: using a confirmed session issues a new session of its own for that user.
 */
export const createQrLogin = (deps: QrServiceDeps) => {
  const ttlMs = deps.ttlMs ?? QR_TTL_MS;

  /** Moves a session from one state to the next atomically; false if it was not in `from`. */
  const transition = async (
    uid: string,
    from: QrState,
    change: (session: QrSession) => QrSession,
  ): Promise<QrSession | null> => {
    const raw = await deps.store.get(qrKey(uid));
    const session = parseQrSession(raw);
    if (!raw || !session || session.state !== from) return null;
    const next = change(session);
    return (await deps.store.compareAndSet(qrKey(uid), raw, JSON.stringify(next))) ? next : null;
  };

  const announce = (uid: string, event: QrEvent) => deps.pubsub.publish(qrChannel(uid), event);

  const current = async (uid: string) => parseQrSession(await deps.store.get(qrKey(uid)));

  return {
    ttlMs,

    /** A new code for a PC sign-in page. */
    create: async (input: {
      tenantId: string | null;
      userAgent: string | null;
      ip: string;
    }): Promise<string> => {
      const uid = newOpaqueToken();
      const session: QrSession = {
        state: 'pending',
        tenantId: input.tenantId,
        device: describeDevice(input.userAgent),
        ip: input.ip,
        createdAt: Date.now(),
      };
      await deps.store.setIfAbsent(qrKey(uid), JSON.stringify(session), ttlMs);
      return uid;
    },

    /** The PC's events; the returned function unsubscribes. */
    watch: (uid: string, onEvent: (event: QrEvent) => void) =>
      deps.pubsub.subscribe(qrChannel(uid), (message) => onEvent(message as QrEvent)),

    /** The phone scanned the code: the PC shows "扫码成功！"; the phone shows what it is about to sign in. */
    scan: async (uid: string, phone: ActiveSession) => {
      const scanned = await transition(uid, 'pending', (s) => ({
        ...s,
        state: 'scanned',
        accountId: phone.accountId,
      }));
      if (!scanned) {
        const existing = await current(uid);
        // Scanning again from the same phone (the user reopened the link) shows the same screen.
        if (existing?.state !== 'scanned' || existing.accountId !== phone.accountId) {
          throw new AppError('QR_INVALID');
        }
        return describe(existing, deps);
      }
      await announce(uid, 'scanned');
      return describe(scanned, deps);
    },

    confirm: async (uid: string, phone: ActiveSession): Promise<void> => {
      const session = await current(uid);
      if (!session || session.state !== 'scanned' || session.accountId !== phone.accountId) {
        throw new AppError('QR_INVALID');
      }
      const account = await deps.accounts.findById(phone.accountId);
      if (!account) throw new AppError('QR_INVALID');
      // The tenant must be one the user may enter; checked now so the phone hears the reason.
      await deps.signIn.enterTenant(account, session.tenantId, null);
      const confirmed = await transition(uid, 'scanned', (s) =>
        s.accountId === phone.accountId ? { ...s, state: 'confirmed' } : s,
      );
      if (!confirmed || confirmed.state !== 'confirmed') throw new AppError('QR_INVALID');
      await announce(uid, 'confirmed');
    },

    cancel: async (uid: string, phone: ActiveSession): Promise<void> => {
      const cancelled = await transition(uid, 'scanned', (s) =>
        s.accountId === phone.accountId ? { ...s, state: 'cancelled' } : s,
      );
      if (!cancelled || cancelled.state !== 'cancelled') throw new AppError('QR_INVALID');
      await announce(uid, 'cancelled');
    },

    /**
     * The PC's side of a confirmed session, once: a new session for the phone's user in the PC's
     * tenant. Null while not confirmed (or when another caller used it first).
     */
    redeem: async (uid: string, context: RequestContext): Promise<LoginResult | null> => {
      const used = await transition(uid, 'confirmed', (s) => ({ ...s, state: 'used' }));
      if (!used?.accountId) return null;
      const account = await deps.accounts.findById(used.accountId);
      if (!account) return null;
      const tenantId = await deps.signIn.enterTenant(account, used.tenantId, null);
      return deps.signIn.issue(account, tenantId, {
        mode: 'qr',
        changePwd: account.mustChangePassword,
        remember: false,
        context,
      });
    },

    state: async (uid: string): Promise<QrState | 'expired'> => (await current(uid))?.state ?? 'expired',
  };
};

const describe = async (session: QrSession, deps: QrServiceDeps) => ({
  device: session.device,
  ip: session.ip,
  tenantId: session.tenantId,
  tenantName: session.tenantId ? ((await deps.tenants.findById(session.tenantId))?.name ?? null) : null,
  expiresAt: new Date(session.createdAt + (deps.ttlMs ?? QR_TTL_MS)).toISOString(),
});

export type QrLogin = ReturnType<typeof createQrLogin>;
