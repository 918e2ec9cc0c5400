import type { Seed } from '../../db/seed/seed-schema';
import { SeedError } from '../../db/seed/validate-seed';
import { newId } from '../../platform/crypto/tokens';
import type { Database, Tx } from '../../platform/db/database';
import { messageClasses } from '../messages/schema';
import { messageCentreRepo } from './repo';

export interface SeededMessage {
  accountId: string;
  title: string;
  content: string;
  classId?: string | null;
  link?: string | null;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  createdAt?: Date;
}

/**
 * Writes in-app messages for members of a tenant directly (the e2e seed and tests; in the product
 * the outbox writes them). Answers their ids, in the order given.
 */
export const seedUserMessages = (db: Database, tenantId: string, messages: SeededMessage[]) =>
  db.withTenant(tenantId, async (tx) => {
    const ids: string[] = [];
    for (const message of messages) {
      const id = newId('um-');
      await messageCentreRepo.insert(tx, {
        tenantId,
        id,
        accountId: message.accountId,
        classId: message.classId ?? null,
        title: message.title,
        content: message.content,
        link: message.link ?? null,
        priority: message.priority ?? 'normal',
        ...(message.createdAt ? { createdAt: message.createdAt } : {}),
      });
      ids.push(id);
    }
    return ids;
  });

/**
 * The seed's message classes and messages of one tenant (issue 15): classes as declared, and in-app
 * messages its users already received (read or not), in the order given, the last the newest.
 */
export const seedTenantMessages = async (
  tx: Tx,
  tenantId: string,
  tenant: Pick<Seed['tenants'][number], 'code' | 'users' | 'messageClasses' | 'messages'>,
  accountIdOf: (username: string) => string | undefined,
) => {
  for (const messageClass of tenant.messageClasses) {
    await tx.insert(messageClasses).values({
      tenantId,
      id: messageClass.id,
      name: messageClass.name,
      channels: messageClass.channels,
      userSwitchable: messageClass.userSwitchable,
      description: messageClass.description ?? null,
    });
  }
  const members = new Set(tenant.users.map((user) => user.username));
  const classIds = new Set(tenant.messageClasses.map((messageClass) => messageClass.id));
  const started = Date.now() - tenant.messages.length * 60_000;
  for (const [index, message] of tenant.messages.entries()) {
    const where = `tenants[${tenant.code}].messages[${index}]`;
    const accountId = members.has(message.username) ? accountIdOf(message.username) : undefined;
    if (!accountId) throw new SeedError(`Invalid seed: ${where}.username: not a user of the tenant`);
    if (message.classId && !classIds.has(message.classId)) {
      throw new SeedError(`Invalid seed: ${where}.classId: not one of the tenant's messageClasses`);
    }
    const createdAt = new Date(started + index * 60_000);
    await messageCentreRepo.insert(tx, {
      tenantId,
      id: newId('um-'),
      accountId,
      classId: message.classId ?? null,
      title: message.title,
      content: message.content,
      link: message.link ?? null,
      priority: message.priority,
      readAt: message.read ? createdAt : null,
      createdAt,
    });
  }
};
