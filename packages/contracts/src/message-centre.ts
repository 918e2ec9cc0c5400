import { z } from 'zod';
import { MAX_PAGE_SIZE } from './admin/resource';
import { MESSAGE_CHANNELS, MESSAGE_PRIORITIES } from './admin/resources/message-classes';

/**
 * The member's message centre (issue 15, the header's 消息): the in-app messages the outbox
 * delivered to them (`/ump/messages`), their unread count, marking read, and their preferences per
 * message class (`/ump/messages/preferences`).
 */

export const myMessagesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  unread: z.enum(['true', 'false'], { message: 'unread 须为 true 或 false' }).optional(),
  classId: z.string().trim().min(1).max(100).optional(),
});
export type MyMessagesQuery = z.infer<typeof myMessagesQuerySchema>;

export const myMessageSchema = z.object({
  id: z.string(),
  classId: z.string().nullable(),
  /** The class's name now (null: no class, or the class was deleted). */
  className: z.string().nullable(),
  templateCode: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  /** A path of the product or an http(s) address, opened in the shell. */
  link: z.string().nullable(),
  priority: z.enum(MESSAGE_PRIORITIES),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MyMessage = z.infer<typeof myMessageSchema>;

export const myMessagesPageSchema = z.object({
  items: z.array(myMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyMessagesPage = z.infer<typeof myMessagesPageSchema>;

/** The header's count of the member's unread messages. */
export const messageUnreadSchema = z.object({ unread: z.number().int() });
export type MessageUnread = z.infer<typeof messageUnreadSchema>;

export const messageIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const messageIdsBodySchema = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(100))
    .min(1, '请选择消息')
    .max(MAX_PAGE_SIZE, `一次最多${MAX_PAGE_SIZE}条`),
});
export type MessageIdsBody = z.infer<typeof messageIdsBodySchema>;

export const messageReadAnswerSchema = z.object({ updated: z.number().int(), unread: z.number().int() });
export type MessageReadAnswer = z.infer<typeof messageReadAnswerSchema>;

/** One of the tenant's message classes as the member's preference. */
export const messagePreferenceSchema = z.object({
  classId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
  priority: z.enum(MESSAGE_PRIORITIES),
  /** false: the tenant does not let members switch this class off (the switch is disabled). */
  userSwitchable: z.boolean(),
  /** Whether the member receives messages of the class (always true when not switchable). */
  enabled: z.boolean(),
});
export type MessagePreference = z.infer<typeof messagePreferenceSchema>;

export const messagePreferencesSchema = z.object({ items: z.array(messagePreferenceSchema) });
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

export const messageClassParamsSchema = z.object({ classId: z.string().trim().min(1).max(100) });

export const messagePreferenceBodySchema = z.strictObject({
  enabled: z.boolean({ message: 'enabled 须为 true 或 false' }),
});
export type MessagePreferenceBody = z.infer<typeof messagePreferenceBodySchema>;

/**
 * The shell's live socket (`/ump/shell/stream`): one JSON message per change, each the member's own
 * count. `unread` and `remind` are the notices' (as on `/ump/notices/stream`).
 */
export type ShellLiveMessage =
  | { type: 'unread'; data: { unread: number; toConfirm: number } }
  | { type: 'remind'; data: { id: string; title: string } }
  | { type: 'messages'; data: MessageUnread }
  | { type: 'todos'; data: { open: number; overdue: number } };

/** The PubSub channels of the members' counts: JSON {tenantId, accountIds}. */
export const MESSAGES_DELIVERED_CHANNEL = 'messages-delivered';
export const TODOS_CHANGED_CHANNEL = 'todos-changed';
