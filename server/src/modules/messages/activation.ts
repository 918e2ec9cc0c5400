import { fillTemplate } from '@uniwim/contracts';
import type { OutboxEntry } from './outbox-repo';

/**
 * The platform's activation SMS (issue 25): what a user an import created receives when the
 * importer chose "send an activation SMS". A template of the platform, not of a tenant: it needs no
 * message class or template in the tenant and carries no secret (the user sets a password with a
 * code sent to the same phone, through "forgot password" on the sign-in page).
 */
export const ACCOUNT_ACTIVATION_TEMPLATE = {
  code: 'account-activation',
  sms: '{tenantName}已为您开通账号 {username}。请打开登录页，点击“忘记密码”，用本手机号获取验证码设置密码后登录。',
} as const;

export interface ActivatedMember {
  tenantId: string;
  tenantName: string;
  accountId: string;
  username: string;
  mobile: string;
}

/** The outbox row of one activation SMS; `createdBy` is the importer's name. */
export const activationEntry = (member: ActivatedMember, createdBy: string): OutboxEntry => {
  const params = { tenantName: member.tenantName, username: member.username };
  return {
    tenantId: member.tenantId,
    accountId: member.accountId,
    channel: 'sms',
    source: 'activation',
    templateCode: ACCOUNT_ACTIVATION_TEMPLATE.code,
    templateParams: params,
    content: fillTemplate(ACCOUNT_ACTIVATION_TEMPLATE.sms, params),
    mobile: member.mobile,
    createdBy,
  };
};
