import { and, count, eq } from 'drizzle-orm';
import type { PasswordHasher } from '../lib/passwords';
import { normalisePhoneNumber } from '../lib/phone';
import { sha256Hex } from '../lib/tokens';
import type { Database } from './client';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, DEMO_MEMBER_SETTINGS, DEMO_MEMBERS, DEMO_QUEUES, type DemoCompanyKey } from './demo-data';
import { DEMO_CONSULTATION_SETTINGS, DEMO_CONSULTATIONS, DEMO_PLATFORM_SERVERS } from './demo-data';
import { platformCtiServers, platformDatabaseServers, platformNodes } from './schema/platform-servers';
import { agentApiKeys, companies, companyApiKeys, memberCustomFields, memberGroups, memberLevels, members, queues, users } from './schema';
import {
  consultationBigCategories,
  consultationCustomFields,
  consultationDepartments,
  consultationInquiries,
  consultationSmallCategories,
  consultations,
} from './schema';

export type SeedResult = 'seeded' | 'skipped-not-empty' | 'skipped-production';

/**
 * Writes the demo data (CONTRACT §6) into an empty database. A database with any user is left alone,
 * and production never gets demo accounts.
 */
export async function seedDemoData(
  db: Database,
  options: { hasher: PasswordHasher; production: boolean },
): Promise<SeedResult> {
  if (options.production) return 'skipped-production';
  if (!(await isEmpty(db))) return 'skipped-not-empty';

  // Hash before the transaction: argon2 is slow and PGlite has a single connection.
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => options.hasher.hash(a.password)));

  await db.transaction(async (tx) => {
    const companyIds = new Map<DemoCompanyKey, number>();
    for (const company of DEMO_COMPANIES) {
      const [row] = await tx
        .insert(companies)
        .values({
          name: company.name,
          // Relative: resolved against the app's origin when answered (built-in CTI server, CONTRACT §7).
          ctiServer: '/cti',
          permissions: company.permissions,
          canProvideAgentApi: company.canProvideAgentApi,
          dcontext: `${company.key}-context`,
          asteriskName: `${company.key}-pbx`,
        })
        .returning({ id: companies.id });
      if (!row) throw new Error(`seed: company ${company.name} not inserted`);
      companyIds.set(company.key, row.id);
      // Company API keys (CONTRACT §6: Demo Call Centre's is demo-company-key), kept as SHA-256 like every key.
      if (company.apiKey) await tx.insert(companyApiKeys).values({ companyId: row.id, name: 'Demo key', keyHash: sha256Hex(company.apiKey) });
    }
    const companyIdOf = (key: DemoCompanyKey) => {
      const id = companyIds.get(key);
      if (id === undefined) throw new Error(`seed: unknown company ${key}`);
      return id;
    };

    const seededUsers = await tx.insert(users).values(
      DEMO_ACCOUNTS.map((account, index) => ({
        companyId: account.company ? companyIdOf(account.company) : null,
        role: account.role,
        name: account.name,
        username: account.username,
        passwordHash: passwordHashes[index] ?? '',
        permissions: account.permissions,
        extension: account.extension,
        departmentId: account.departmentId ?? null,
        email: account.email ?? null,
        queueReportStatus: account.role === 'manager',
      })),
    ).returning({ id: users.id, companyId: users.companyId, username: users.username });

    // Agent API keys (CONTRACT §6: agent1's is demo-agent1-key), kept as SHA-256 like every key.
    for (const { username, agentApiKey } of DEMO_ACCOUNTS) {
      if (!agentApiKey) continue;
      const user = seededUsers.find((row) => row.username === username);
      if (!user?.companyId) throw new Error(`seed: no company user ${username} for an agent API key`);
      await tx.insert(agentApiKeys).values({ companyId: user.companyId, user_id: user.id, name: 'Demo key', key: sha256Hex(agentApiKey) } as never);
    }

    await tx.insert(members).values(
      DEMO_MEMBERS.map((member) => ({
        companyId: companyIdOf(member.company),
        name: member.name,
        phoneNumber: normalisePhoneNumber(member.phoneNumber),
        groups: member.groups,
        levels: member.levels,
        customFields: member.customFields,
      })),
    );

    for (const settings of DEMO_MEMBER_SETTINGS) {
      const companyId = companyIdOf(settings.company);
      await tx.insert(memberGroups).values(settings.groups.map((name) => ({ companyId, name })));
      await tx.insert(memberLevels).values(settings.levels.map((name) => ({ companyId, name })));
      await tx.insert(memberCustomFields).values(settings.customFields.map((field) => ({ companyId, ...field })));
    }

    for (const queue of DEMO_QUEUES) {
      const companyId = companyIdOf(queue.company);
      // The queue entity's row (members with their penalty, 0: all offered calls alike).
      await tx.insert(queues).values({
        companyId,
        number: queue.number,
        name: queue.name,
        strategy: queue.strategy,
        members: queue.members.map((extension) => ({ extension, penalty: 0 })),
      });
    }

    await seedDemoConsultations(tx, companyIdOf);

    // The platform's servers (docs/servers.md): the built-in ones, so their health is up at once.
    await tx.insert(platformCtiServers).values([...DEMO_PLATFORM_SERVERS.cti]);
    await tx.insert(platformDatabaseServers).values([...DEMO_PLATFORM_SERVERS.databases]);
    await tx.insert(platformNodes).values([...DEMO_PLATFORM_SERVERS.nodes]);
  });
  return 'seeded';
}

async function isEmpty(db: Database): Promise<boolean> {
  const [userCount] = await db.select({ n: count() }).from(users);
  const [companyCount] = await db.select({ n: count() }).from(companies);
  return (userCount?.n ?? 0) === 0 && (companyCount?.n ?? 0) === 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Consultation settings and records (issue 4 item 4), linked to the demo members and agents seeded above. */
async function seedDemoConsultations(db: Database, companyIdOf: (key: DemoCompanyKey) => number): Promise<void> {
  for (const settings of DEMO_CONSULTATION_SETTINGS) {
    const companyId = companyIdOf(settings.company);
    if (settings.inquiries.length) await db.insert(consultationInquiries).values(settings.inquiries.map((name) => ({ companyId, name })));
    if (settings.departments.length) await db.insert(consultationDepartments).values(settings.departments.map((name) => ({ companyId, name })));
    if (settings.customFields.length) await db.insert(consultationCustomFields).values(settings.customFields.map((field) => ({ companyId, ...field })));
    for (const big of settings.bigCategories) {
      const [row] = await db.insert(consultationBigCategories).values({ companyId, name: big.name }).returning({ id: consultationBigCategories.id });
      if (!row) throw new Error(`seed: big category ${big.name} not inserted`);
      if (big.smallCategories.length) await db.insert(consultationSmallCategories).values(big.smallCategories.map((name) => ({ companyId, bigCategoryId: row.id, name })));
    }
  }

  const now = Date.now();
  for (const consultation of DEMO_CONSULTATIONS) {
    const companyId = companyIdOf(consultation.company);
    const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.username, consultation.agent));
    const member = consultation.member;
    const [memberRow] = member
      ? await db
          .select({ id: members.id })
          .from(members)
          .where(and(eq(members.companyId, companyId), eq(members.phoneNumber, member.phoneNumber), eq(members.name, member.name)))
      : [];
    const writtenAt = new Date(now - consultation.daysAgo * DAY_MS);
    await db.insert(consultations).values({
      companyId,
      memberId: memberRow?.id ?? null,
      agentId: agent?.id ?? null,
      phoneNumber: normalisePhoneNumber(consultation.phoneNumber),
      direction: consultation.direction,
      title: consultation.title,
      content: consultation.content,
      inquiry: consultation.inquiry ?? null,
      department: consultation.department ?? null,
      bigCategory: consultation.bigCategory,
      smallCategory: consultation.smallCategory ?? null,
      customFields: consultation.customFields ?? {},
      treatmentResult: consultation.treatmentResult,
      createdAt: writtenAt,
      updatedAt: writtenAt,
    });
  }
}
