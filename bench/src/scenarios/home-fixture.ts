import type pg from 'pg';

/** The largest tenant of seed:scale, and the member whose home is measured (its department administrator). */
export const SCALE_TENANT = 't-sc1';
export const HOME_MEMBER = 'sc.u2110';
/** The tenant's administrator (its first member), who publishes. */
export const SCALE_TENANT_ADMIN = 'sc.u1';

export const accountIdOf = async (client: pg.Client, username: string): Promise<string> => {
  const { rows } = await client.query<{ id: string }>('SELECT id FROM accounts WHERE username = $1', [
    username,
  ]);
  if (!rows[0]) throw new Error(`no account ${username}: is the database seeded with seed:scale?`);
  return rows[0].id;
};

/**
 * What the home's list widgets read, at a size a large tenant reaches after a while of use (seed:scale
 * seeds no notices, to-dos or messages): 300 live notices for everyone, half read by the member; 60
 * to-dos of the member and 4 each of 50,000 other members; 2,000 messages of the member (400 unread)
 * and 10 each of 50,000 others (half unread). Ids start with `bh-`, so running it again adds nothing.
 */
export const addHomeFixture = async (client: pg.Client, memberId: string): Promise<void> => {
  const tenant = SCALE_TENANT;
  await client.query(
    `INSERT INTO notices (tenant_id, id, title, type, level, body, audience_kind, status, publish_at,
       pinned, created_by_name, published_at)
     SELECT $1, 'bh-n-' || g, '规模公告 ' || g, 'notice', (ARRAY['normal', 'important', 'urgent'])[1 + g % 3],
       '<p>正文</p>', 'all', 'published', now() - make_interval(hours => g), g % 50 = 0, '管理员', now()
     FROM generate_series(1, 300) g ON CONFLICT DO NOTHING`,
    [tenant],
  );
  await client.query(
    `INSERT INTO notice_reads (tenant_id, notice_id, account_id)
     SELECT $1, 'bh-n-' || g, $2 FROM generate_series(1, 300, 2) g ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  const others = `(SELECT account_id, row_number() OVER (ORDER BY account_id) AS rn FROM tenant_memberships
     WHERE tenant_id = $1 AND account_id <> $2 ORDER BY account_id LIMIT 50000) m`;
  await client.query(
    `INSERT INTO todos (tenant_id, id, account_id, source, title, link, due_at, status)
     SELECT $1, 'bh-t-me-' || g, $2, '工单系统', '规模待办 ' || g, '/downloadPage',
       now() + make_interval(hours => g - 10), CASE WHEN g % 3 = 0 THEN 'done' ELSE 'open' END
     FROM generate_series(1, 60) g ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  await client.query(
    `INSERT INTO todos (tenant_id, id, account_id, source, title, link, due_at, status)
     SELECT $1, 'bh-t-' || m.rn || '-' || k, m.account_id, '工单系统', '规模待办', '/downloadPage',
       now() + make_interval(hours => k - 2), CASE WHEN k = 4 THEN 'done' ELSE 'open' END
     FROM ${others}, generate_series(1, 4) k ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  await client.query(
    `INSERT INTO user_messages (tenant_id, id, account_id, title, content, link, read_at, created_at)
     SELECT $1, 'bh-m-me-' || g, $2, '规模消息 ' || g, '泵站压力过低，请尽快处理', NULL,
       CASE WHEN g % 5 = 0 THEN NULL ELSE now() END, now() - make_interval(mins => g)
     FROM generate_series(1, 2000) g ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  await client.query(
    `INSERT INTO user_messages (tenant_id, id, account_id, title, content, link, read_at, created_at)
     SELECT $1, 'bh-m-' || m.rn || '-' || k, m.account_id, '规模消息', '设备告警', NULL,
       CASE WHEN k % 2 = 0 THEN NULL ELSE now() END, now() - make_interval(mins => k)
     FROM ${others}, generate_series(1, 10) k ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  // The demo catalogue's applications for sc1, and some of their menus for the member's role, so
  // the quick entries and the recent visits have something to resolve against the menu tree.
  await client.query(
    `INSERT INTO tenant_applications (tenant_id, application_id)
     SELECT $1, a FROM unnest(ARRAY['app-workbench', 'app-devices', 'app-knowledge']) a ON CONFLICT DO NOTHING`,
    [tenant],
  );
  await client.query(
    `INSERT INTO role_menu_grants (tenant_id, role_id, menu_id)
     SELECT $1, r.role_id, g FROM membership_roles r,
       unnest(ARRAY['m-home', 'm-saas', 'm-device-list', 'm-device-map', 'm-knowledge']) g
     WHERE r.tenant_id = $1 AND r.account_id = $2 ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  // 3,000 openings of the member, and 20 each of 50,000 others.
  await client.query(
    `INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, function_id, result, created_at)
     SELECT $1, 'bh-u-me-' || g, $2, 'u', 'web', 1,
       (ARRAY['app-workbench', 'app-devices', 'app-devices', 'app-knowledge'])[1 + g % 4],
       (ARRAY['m-home', 'm-device-list', 'm-device-map', 'm-knowledge'])[1 + g % 4], 1, now() - make_interval(mins => g)
     FROM generate_series(1, 3000) g ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  await client.query(
    `INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, function_id, result, created_at)
     SELECT $1, 'bh-u-' || m.rn || '-' || k, m.account_id, 'u', 'web', 1, 'app-devices', 'm-device-list', 1,
       now() - make_interval(mins => k)
     FROM ${others}, generate_series(1, 20) k ON CONFLICT DO NOTHING`,
    [tenant, memberId],
  );
  await client.query('ANALYZE notices, notice_reads, todos, user_messages, usage_logs, role_menu_grants');
};
