import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SLOT, slotServer } from './slots.ts';

/**
 * Test set-up straight in this worker's e2e server's database (e.g. shops, which have no API yet):
 * the embedded cluster's port and password are in its DATA_DIR.
 */
export async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const dir = slotServer(SLOT).dataDir;
  const { port } = JSON.parse(readFileSync(path.join(dir, 'pg-runtime.json'), 'utf8')) as { port: number };
  const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'parking_hub',
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function insertShop(name: string, values: { agentId?: string; parentId?: string } = {}) {
  return withDb(async (c) => {
    const res = await c.query<{ id: string }>(
      'insert into shops (name, agent_id, parent_id, address, price_motorbike, price_car, open_shop, close_shop) values ($1, $2, $3, $4, 3000, 10000, $5, $6) returning id',
      [name, values.agentId ?? null, values.parentId ?? null, 'ນະຄອນຫຼວງວຽງຈັນ', '07:00', '22:00'],
    );
    const id = res.rows[0]?.id;
    if (!id) throw new Error('shop insert failed');
    return id;
  });
}
