import { loginLogs } from '../../db/schema';
import { newId } from '../../platform/crypto/tokens';
import type { Database } from '../../platform/db/database';

export type LoginMode = 'password' | 'sms' | 'qr' | 'legacy' | 'register';

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

/** Every sign-in attempt, successful or not, for the login-log and statistics pages. */
export const createLoginLogRepo = (db: Database) => ({
  record: (attempt: LoginAttempt): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx.insert(loginLogs).values({
        id: newId('log-'),
        ...attempt,
        username: attempt.username.slice(0, 64),
        userAgent: attempt.userAgent?.slice(0, 500) ?? null,
        channel: attempt.channel ?? 'web',
      });
    }),
});

export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
