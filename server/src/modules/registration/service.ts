import { randomBytes } from 'node:crypto';
import { checkPassword, type LoginConfig, type LoginResult, type PasswordPolicy } from '@uniwim/contracts';
import { hashPassword } from '../../platform/crypto/passwords';
import { newId } from '../../platform/crypto/tokens';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../auth/account-directory';
import type { RequestContext } from '../auth/request-context';
import type { SignIn } from '../auth/sign-in';
import type { KeyService } from '../keys/service';
import type { LoginConfigService } from '../login-config/service';
import type { VerificationCodes } from '../sms/code-service';
import type { TenantService } from '../tenants/service';
import type { RegistrationRepo } from './repo';

export interface RegistrationInput {
  tenantId: string;
  username: string;
  mobile: string;
  password: string;
  code: string;
}

export const SUGGESTION_LIMIT = 10;

/** Two registrations racing for one name or number: the database's unique index decides. */
const uniqueViolationAsOutcome = (error: unknown): 'username-taken' | 'mobile-taken' => {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause.code !== '23505') throw error;
  return cause.constraint?.includes('mobile') ? 'mobile-taken' : 'username-taken';
};

/**
 * Self-registration under a company (tenant) that allows it: the phone is proven by an SMS code,
 * the account and its membership are created together, and the new user is signed in.
 */
export const createRegistration = (deps: {
  repo: RegistrationRepo;
  accounts: AccountDirectory;
  tenants: TenantService;
  codes: VerificationCodes;
  keys: KeyService;
  loginConfig: LoginConfigService;
  signIn: SignIn;
  /** The configuration's password policy lifted to the platform's floor (platform settings). */
  passwordPolicyOf(config: LoginConfig): Promise<PasswordPolicy>;
  /** Tests inject a failure after the account insert to prove nothing is left behind. */
  beforeCommit?: () => Promise<void>;
}) => ({
  suggest: (text: string) => deps.repo.suggestTenants(text.trim(), SUGGESTION_LIMIT),

  register: async (input: RegistrationInput, context: RequestContext): Promise<LoginResult> => {
    // A disabled, deleted or expired company takes nobody in (its typed refusal), then its own switch.
    await deps.tenants.admission.admit(input.tenantId);
    const tenant = await deps.tenants.findById(input.tenantId);
    if (!tenant?.allowSelfRegistration) throw new AppError('REGISTRATION_CLOSED');
    const password = await deps.keys.decrypt(input.password);
    if (password === null) throw new AppError('PASSWORD_UNDECRYPTABLE');
    const policy = await deps.passwordPolicyOf((await deps.loginConfig.effective(tenant.id)).config);
    const problem = checkPassword(password, policy, { username: input.username });
    if (problem) throw new AppError('PASSWORD_POLICY', problem);
    await deps.codes.verify({ type: 'REGISTER_CODE', mobile: input.mobile, code: input.code });

    const outcome = await deps.repo
      .createMemberAccount(
        {
          id: newId('acc-'),
          sn: `SN${randomBytes(5).toString('hex').toUpperCase()}`,
          tenantId: tenant.id,
          username: input.username,
          mobile: input.mobile,
          passwordHash: await hashPassword(password),
        },
        deps.beforeCommit,
      )
      .catch(uniqueViolationAsOutcome);
    if (outcome === 'username-taken') throw new AppError('USERNAME_TAKEN');
    if (outcome === 'mobile-taken') throw new AppError('MOBILE_TAKEN');
    const account = await deps.accounts.findByUsername(input.username);
    if (!account) throw new Error('registered account not found');
    return deps.signIn.issue(account, tenant.id, {
      mode: 'register',
      changePwd: false,
      remember: false,
      context,
    });
  },
});

export type Registration = ReturnType<typeof createRegistration>;
