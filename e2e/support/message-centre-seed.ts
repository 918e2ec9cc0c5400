/**
 * What the message centre's spec (message-centre.spec.ts) adds to the e2e seed: a water member of
 * its own with three unread messages (one linking to a page of the product) and two message
 * classes, one the member may switch off and one they may not. No other spec signs in with it.
 */
export const MESSAGE_CENTRE_E2E = {
  user: { username: 'msg.member', name: '消息测试' },
  classes: {
    switchable: { id: 'mc-e2e-notify', name: 'E2E 业务通知' },
    mandatory: { id: 'mc-e2e-alarm', name: 'E2E 安全告警' },
  },
  messages: {
    withLink: { title: 'E2E 工单已派发', link: '/downloadPage' },
    plain: { title: 'E2E 系统维护通知' },
    alarm: { title: 'E2E 泵站告警' },
  },
} as const;

interface SeedShape {
  tenants: { code: string; users?: unknown[]; [field: string]: unknown }[];
  [field: string]: unknown;
}

export const withMessageCentreSeed = <T extends SeedShape>(seed: T): T => {
  const { user, classes, messages } = MESSAGE_CENTRE_E2E;
  const tenants = seed.tenants.map((tenant) =>
    tenant.code === 'water'
      ? {
          ...tenant,
          users: [...(tenant.users ?? []), { username: user.username, name: user.name, roles: ['staff'] }],
          messageClasses: [
            { ...classes.switchable, channels: ['in-app'], userSwitchable: true },
            { ...classes.mandatory, channels: ['in-app', 'sms'], userSwitchable: false },
          ],
          messages: [
            {
              username: user.username,
              title: messages.alarm.title,
              content: '1号泵站出口压力偏低，请关注。',
              classId: classes.mandatory.id,
              priority: 'high',
            },
            {
              username: user.username,
              title: messages.plain.title,
              content: '今晚22:00至23:00系统维护。',
              classId: classes.switchable.id,
            },
            {
              username: user.username,
              title: messages.withLink.title,
              content: '您有一个新的工单待处理。',
              classId: classes.switchable.id,
              link: messages.withLink.link,
            },
          ],
        }
      : tenant,
  );
  return { ...seed, tenants };
};
