import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminScope } from '@uniwim/contracts';
import { Alert, App, Button, Popconfirm, Table, Typography } from 'antd';
import { type LocalizedTexts, useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { formatDateTime } from './cells';
import { usePermissions } from './use-permissions';

/** A live session as the admin sessions routes answer it. */
export interface LiveSession {
  id: string;
  tenantId: string | null;
  channel: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  accessExpiresAt: string;
}

const zhCN = {
  title: '在线会话',
  empty: '当前没有在线会话',
  failed: '会话加载失败',
  signedIn: '登录时间',
  channel: '渠道',
  address: '登录地址',
  device: '设备',
  expires: '到期时间',
  end: '下线',
  ended: '会话已结束',
  confirmEnd: '确定让这个会话下线吗？',
  channels: { web: '网页', app: '移动端', qr: '扫码', sms: '短信' } as Record<string, string>,
};
const texts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'Live sessions',
    empty: 'No live sessions',
    failed: 'The sessions could not be loaded',
    signedIn: 'Signed in',
    channel: 'Channel',
    address: 'Address',
    device: 'Device',
    expires: 'Expires',
    end: 'End',
    ended: 'The session has ended',
    confirmEnd: 'End this session?',
    channels: { web: 'Web', app: 'Mobile app', qr: 'QR code', sms: 'SMS' },
  },
};

/** The browser and system of a user agent, short enough for a table cell. */
export const deviceOf = (userAgent: string | null): string => {
  if (!userAgent) return '-';
  const browser = /(Edg|Chrome|Firefox|Safari|MicroMessenger)\/[\d.]+/.exec(userAgent)?.[0] ?? '';
  const system = /\(([^;)]+)/.exec(userAgent)?.[1] ?? '';
  const short = [browser, system].filter(Boolean).join(' · ');
  return short || userAgent.slice(0, 60);
};

/**
 * A user's live sessions in a record's detail (platform users; tenant users in their tenant), for
 * an operator holding `permission`; nothing for others.
 */
export const SessionsSection = ({
  url,
  scope,
  permission,
  endable = false,
  titled = true,
}: {
  url: string;
  scope: AdminScope;
  permission: string;
  /** Each session can be ended on its own (DELETE `${url}/<session id>`). */
  endable?: boolean;
  titled?: boolean;
}) => {
  const t = useLocalizedTexts(texts);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermissions(scope).data?.has(permission) === true;
  const sessions = useQuery({
    queryKey: ['admin', 'sessions', url],
    queryFn: () => api.get<LiveSession[]>(url),
    enabled: allowed,
  });
  if (!allowed) return null;
  const end = async (sessionId: string) => {
    try {
      await api.request(`${url}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
      message.success(t.ended);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sessions', url] });
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <section className="admin-detail__sessions" data-testid="admin-sessions">
      {titled && <Typography.Title level={5}>{t.title}</Typography.Title>}
      {sessions.isError ? (
        <Alert type="error" showIcon message={t.failed} />
      ) : (
        <Table<LiveSession>
          size="small"
          rowKey="id"
          loading={sessions.isPending}
          dataSource={sessions.data ?? []}
          pagination={false}
          locale={{ emptyText: t.empty }}
          columns={[
            { key: 'createdAt', title: t.signedIn, render: (_, s) => formatDateTime(s.createdAt) },
            { key: 'channel', title: t.channel, render: (_, s) => t.channels[s.channel] ?? s.channel },
            { key: 'ip', title: t.address, render: (_, s) => s.ip ?? '-' },
            { key: 'device', title: t.device, render: (_, s) => deviceOf(s.userAgent) },
            { key: 'expires', title: t.expires, render: (_, s) => formatDateTime(s.accessExpiresAt) },
            ...(endable
              ? [
                  {
                    key: 'end',
                    render: (_: unknown, s: LiveSession) => (
                      <Popconfirm title={t.confirmEnd} onConfirm={() => end(s.id)}>
                        <Button type="link" size="small" danger data-testid="admin-session-end">
                          {t.end}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </section>
  );
};
