import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { shops } from '../db/schema/shops.ts';

/**
 * Holds a shop row until the transaction ends. A change to a shop and to its rules takes it first
 * (shop/update, a price rule's change), so two such changes of one shop never interleave.
 */
export async function lockShop(db: Executor, id: string): Promise<void> {
  await db.select({ id: shops.id }).from(shops).where(eq(shops.id, id)).for('update');
}
