import {
  HOME_LIST_LIMIT,
  type HomeList,
  type HomeListItem,
  homeListSchema,
  MESSAGE_CENTRE_ROUTE,
} from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { isoOrNull } from '../../platform/db/raw-values';
import type { HomeWidgetSource } from '../home/widget-registry';

/** The message centre the header's 消息 entry opens: a message without a link of its own opens there. */
export const MESSAGE_CENTRE_PATH = MESSAGE_CENTRE_ROUTE;
/** A message's first words shown under its title. */
const SUMMARY_LENGTH = 60;

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** Text without markup and runs of white space, cut to `length` characters. */
export const summaryOf = (content: string, length = SUMMARY_LENGTH): string => {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length)}…` : text;
};

const tagsOf = (priority: unknown): HomeListItem['tags'] =>
  priority === 'urgent' ? ['urgent'] : priority === 'high' ? ['important'] : [];

/**
 * What the home reads of the member's in-app messages (the message centre owns the table): the
 * newest few unread and how many are unread, both on the partial index of unread messages.
 */
export const createUnreadMessagesReader = (db: Database) => ({
  unread: (tenantId: string, accountId: string) =>
    db.withTenant(tenantId, async (tx) => {
      const [latest, counted] = await Promise.all([
        tx.execute(sql`SELECT id, title, content, link, priority, created_at FROM user_messages
          WHERE tenant_id = ${tenantId} AND account_id = ${accountId} AND read_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT ${HOME_LIST_LIMIT}`),
        tx.execute(sql`SELECT count(*)::int AS n FROM user_messages
          WHERE tenant_id = ${tenantId} AND account_id = ${accountId} AND read_at IS NULL`),
      ]);
      return { rows: rowsOf(latest), total: Number(rowsOf(counted)[0]?.n ?? 0) };
    }),
});

export type UnreadMessagesReader = ReturnType<typeof createUnreadMessagesReader>;

/** The home page's 未读消息 list: the member's newest unread messages, each opening its link. */
export const unreadMessagesWidget = (reader: UnreadMessagesReader): HomeWidgetSource<HomeList> => ({
  name: 'unread-messages',
  title: '未读消息',
  titleEn: 'Unread messages',
  kind: 'list',
  defaultOn: true,
  visible: () => true,
  schema: homeListSchema,
  load: async ({ session, tenantId }) => {
    const { rows, total } = await reader.unread(tenantId, session.accountId);
    return {
      items: rows.map((row) => ({
        id: String(row.id),
        title: String(row.title),
        summary: summaryOf(String(row.content)) || null,
        at: isoOrNull(row.created_at),
        atKind: 'received' as const,
        link: typeof row.link === 'string' && row.link.trim() !== '' ? row.link : MESSAGE_CENTRE_PATH,
        unread: true,
        overdue: false,
        tags: tagsOf(row.priority),
      })),
      total,
      moreLink: MESSAGE_CENTRE_PATH,
    };
  },
});
