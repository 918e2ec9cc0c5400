import { z } from 'zod';
import { recordVersionSchema } from './integers';
import { isSafeTodoLink } from './todo-links';

/**
 * Templated messages (issue 15): applications send by template code through their API credential
 * (scope message:send), administrators send a test of a template. Each becomes rows of the outbox.
 */

/** One request names at most this many recipients. */
export const MESSAGE_SEND_MAX_RECIPIENTS = 500;
export const MESSAGE_PARAM_VALUE_MAX_LENGTH = 500;
export const MESSAGE_LINK_MAX_LENGTH = 1_000;

/** `{param}` values by name (a name as message-template-text finds them). */
export const messageParamValuesSchema = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, '参数名有误'),
    z.string().max(MESSAGE_PARAM_VALUE_MAX_LENGTH, `参数值最多${MESSAGE_PARAM_VALUE_MAX_LENGTH}个字`),
  )
  .refine((values) => Object.keys(values).length <= 50, '参数最多50个');

const id = z.string().trim().min(1).max(100);

/** `POST /ump/open/messages/send`. */
export const messageSendBodySchema = z
  .strictObject({
    templateCode: z.string({ message: '请指定模板编码' }).trim().min(1, '请指定模板编码').max(64),
    params: messageParamValuesSchema.optional(),
    /** Members of the credential's tenant, by account id or by user name (either or both). */
    accountIds: z.array(id).max(MESSAGE_SEND_MAX_RECIPIENTS).optional(),
    usernames: z.array(id).max(MESSAGE_SEND_MAX_RECIPIENTS).optional(),
    /** Opened from the in-app message: a path of the product or an http(s) address. */
    link: z
      .string()
      .trim()
      .max(MESSAGE_LINK_MAX_LENGTH, `链接最多${MESSAGE_LINK_MAX_LENGTH}个字符`)
      .refine(isSafeTodoLink, '链接须为以 / 开头的页面路径或 http(s) 地址')
      .optional(),
  })
  .refine((body) => (body.accountIds?.length ?? 0) + (body.usernames?.length ?? 0) > 0, {
    message: '请指定接收人',
    path: ['usernames'],
  })
  .refine(
    (body) => (body.accountIds?.length ?? 0) + (body.usernames?.length ?? 0) <= MESSAGE_SEND_MAX_RECIPIENTS,
    { message: `一次最多发送给${MESSAGE_SEND_MAX_RECIPIENTS}人`, path: ['usernames'] },
  );
export type MessageSendBody = z.input<typeof messageSendBodySchema>;

/** The outbox rows accepted: one per recipient and channel (skipped ones included, as such). */
export const messageSendAnswerSchema = z.object({
  ids: z.array(z.string()),
  recipients: z.number().int(),
});
export type MessageSendAnswer = z.infer<typeof messageSendAnswerSchema>;

/** `POST /ump/admin/message-templates/:id/test`: a value for every `{param}` and one recipient. */
export const messageTemplateTestBodySchema = z.strictObject({
  /** The recipient's user name in the tenant. */
  recipient: z.string({ message: '请输入接收人账号' }).trim().min(1, '请输入接收人账号').max(100),
  values: messageParamValuesSchema.optional(),
  version: recordVersionSchema.optional(),
});
export type MessageTemplateTestBody = z.input<typeof messageTemplateTestBodySchema>;
