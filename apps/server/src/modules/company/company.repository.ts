import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companyProfile } from '../../db/schema/company.ts';

/** The profile is one row with id 1 (a check constraint says so); it may not exist yet. */
const PROFILE_ID = 1;

export type CompanyRow = typeof companyProfile.$inferSelect;
export type CompanyChanges = Partial<
  Omit<typeof companyProfile.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
>;

/** The profile row, or null before anything was saved; `lock` holds it until the transaction ends. */
export async function findCompanyRow(db: Executor, lock = false): Promise<CompanyRow | null> {
  const query = db.select().from(companyProfile).where(eq(companyProfile.id, PROFILE_ID));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The profile row, made empty first when there is none, and locked: a change computes its
 * before/after from a row nobody else is changing (two first saves at once wait for each other).
 */
export async function lockCompanyRow(tx: Executor): Promise<CompanyRow> {
  await tx.insert(companyProfile).values({ id: PROFILE_ID }).onConflictDoNothing();
  const row = await findCompanyRow(tx, true);
  if (!row) throw new Error('company profile row vanished');
  return row;
}

export async function updateCompanyRow(tx: Executor, changes: CompanyChanges): Promise<CompanyRow> {
  const [row] = await tx
    .update(companyProfile)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(companyProfile.id, PROFILE_ID))
    .returning();
  if (!row) throw new Error('company profile row vanished');
  return row;
}
