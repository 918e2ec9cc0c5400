import { loginLogs } from '../../db/schema';
import { newId } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';

/** 'switch': a tenant switch (POST /dmp/changeTenant, /dmp/changeTenantToken, /dmp/changePlatformToken). */
export type LoginMode = 'password' | 'sms' | 'qr' | 'legacy' | 'register' | 'switch';

export interface LoginAttempt {
  tenantId: string | null;
  accountId: string | null;
  username: string;
  mode: LoginMode;
  result: 'success' | 'failure';
  errorCode: string | null;
  ip: string | null;
  userAgent: string | null;
  channel?: string;
}

const rowOf = (attempt: LoginAttempt) => ({
  id: newId('log-'),
  ...attempt,
  username: attempt.username.slice(0, 64),
  userAgent: attempt.userAgent?.slice(0, 500) ?? null,
  channel: attempt.channel ?? 'web',
});

/** Every sign-in attempt, successful or not, for the login-log and statistics pages. */
export const createLoginLogRepo = (db: Database) => ({
  /** A failed attempt's row, sharing its transaction with other writes of the moment (group commit). */
  record: (attempt: LoginAttempt): Promise<void> =>
    db.asPlatformBatched((tx) => tx.insert(loginLogs).values(rowOf(attempt))),

  /** A successful sign-in's row, written inside the transaction that stores its session. */
  recordIn: (tx: Tx, attempt: LoginAttempt): Promise<unknown> => tx.insert(loginLogs).values(rowOf(attempt)),
});

export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
