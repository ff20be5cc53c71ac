import type {
  AdjustWalletBody,
  TopUpBody,
  WalletBalance,
  WalletDetail,
  WalletEntry,
  WalletEntryKind,
  WalletList,
  WalletQuery,
} from '@parking-hub/contracts/finance';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso, isoOrNull } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import {
  isOverdraw,
  kip,
  lockWallet,
  mainShopOf,
  mainShopScope,
  pgError,
  walletBalance,
} from './money.shared.ts';

type EntryRow = {
  id: string;
  seq: string;
  shop_id: string;
  kind: WalletEntryKind;
  amount: string;
  balance_after: string;
  method: string | null;
  reference: string | null;
  note: string | null;
  idempotency_key: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
};

const ENTRY_COLUMNS = sql`e.id, e.seq, e.shop_id, e.kind, e.amount, e.balance_after, e.method, e.reference, e.note,
  e.idempotency_key, e.invoice_id, i.number as invoice_number, e.created_by, u.full_name as created_by_name, e.created_at`;
const ENTRY_FROM = sql`wallet_entries e left join rent_invoices i on i.id = e.invoice_id left join users u on u.id = e.created_by`;

export function toEntry(r: EntryRow): WalletEntry {
  return {
    id: r.id,
    seq: Number(r.seq),
    shopId: r.shop_id,
    kind: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    method: r.method,
    reference: r.reference,
    note: r.note,
    invoiceId: r.invoice_id,
    invoiceNumber: r.invoice_number,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: iso(new Date(r.created_at)),
  };
}

type BalanceRow = {
  shop_id: string;
  shop_name: string;
  shop_code: string;
  agent_name: string | null;
  balance: string | null;
  due: string | null;
  updated_at: Date | null;
};

const toBalance = (r: BalanceRow): WalletBalance => ({
  shopId: r.shop_id,
  shopName: r.shop_name,
  shopCode: r.shop_code,
  agentName: r.agent_name,
  balance: Number(r.balance ?? 0),
  due: Number(r.due ?? 0),
  updatedAt: r.updated_at ? isoOrNull(new Date(r.updated_at)) : null,
});

/** Main shops with their balance and what their live invoices still owe. */
function balances(where: SQL, tail: SQL = sql``) {
  return sql`
    select s.id as shop_id, s.name as shop_name, s.code as shop_code, a.full_name as agent_name,
           w.balance, w.updated_at,
           (select sum(i.total - i.paid) from rent_invoices i
             where i.shop_id = s.id and i.status in ('UNPAID', 'PARTLY_PAID')) as due
    from shops s left join wallets w on w.shop_id = s.id left join users a on a.id = s.agent_id
    where s.parent_id is null and ${where} ${tail}`;
}

/** `GET /v1/wallet`: one shop's wallet and a page of its ledger, or the balances of the shops in scope. */
export async function getWallet(
  db: Db,
  ctx: AuthedContext,
  query: WalletQuery,
): Promise<{ data: WalletDetail | WalletList; meta: ReturnType<typeof pageMeta> }> {
  const scope = mainShopScope(ctx.actor, sql`s.id`);
  if (query.shopId) {
    const main = await mainShopOf(db, query.shopId);
    if (!main) throw notFound('errors.shopNotFound');
    const { rows } = await db.execute<BalanceRow>(balances(sql`s.id = ${main} and ${scope}`));
    const row = rows[0];
    if (!row) throw notFound('errors.shopNotFound');
    const filters: SQL[] = [sql`e.shop_id = ${main}`];
    if (query.kind) filters.push(sql`e.kind = ${query.kind}`);
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(sql`(e.reference ilike ${like} or e.note ilike ${like} or i.number ilike ${like})`);
    }
    const where = sql.join(filters, sql` and `);
    const [entries, count] = await Promise.all([
      db.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where}
        order by e.seq desc limit ${query.pageSize} offset ${pageOffset(query)}`),
      db.execute<{ n: number }>(sql`select count(*)::int as n from ${ENTRY_FROM} where ${where}`),
    ]);
    return {
      data: { wallet: toBalance(row), entries: entries.rows.map(toEntry) },
      meta: pageMeta(query, count.rows[0]?.n ?? 0),
    };
  }
  const filters: SQL[] = [scope];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(s.name ilike ${like} or s.code ilike ${like})`);
  }
  const where = sql.join(filters, sql` and `);
  const [page, totals] = await Promise.all([
    db.execute<BalanceRow>(
      balances(where, sql`order by s.name, s.id limit ${query.pageSize} offset ${pageOffset(query)}`),
    ),
    db.execute<{ n: number; balance: string | null }>(sql`
      select count(*)::int as n, sum(w.balance) as balance
      from shops s left join wallets w on w.shop_id = s.id where s.parent_id is null and ${where}`),
  ]);
  return {
    data: { wallets: page.rows.map(toBalance), totalBalance: Number(totals.rows[0]?.balance ?? 0) },
    meta: pageMeta(query, totals.rows[0]?.n ?? 0),
  };
}

async function entryById(db: Executor, where: SQL): Promise<EntryRow | undefined> {
  const { rows } = await db.execute<EntryRow>(sql`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where}`);
  return rows[0];
}

export interface EntryResult {
  entry: WalletEntry;
  created: boolean;
  balance: number;
}

/**
 * The entry already made with this key: the same request again answers it (created false); the
 * key used for another shop, amount, kind, method or reference is a 409 (a retry sends the same).
 */
async function repeated(
  db: Executor,
  key: string,
  wanted: {
    shopId: string;
    amount: number;
    kind: WalletEntryKind;
    method: string | null;
    reference: string | null;
  },
): Promise<EntryResult | null> {
  const row = await entryById(db, sql`e.idempotency_key = ${key}`);
  if (!row) return null;
  if (
    row.shop_id !== wanted.shopId ||
    Number(row.amount) !== wanted.amount ||
    row.kind !== wanted.kind ||
    row.method !== wanted.method ||
    row.reference !== wanted.reference
  )
    throw new AppError(
      409,
      'errors.idempotencyKeyReused',
      {},
      { idempotencyKey: 'errors.idempotencyKeyReused' },
    );
  return { entry: toEntry(row), created: false, balance: await walletBalance(db, row.shop_id) };
}

interface NewEntry {
  shopId: string;
  kind: 'TOP_UP' | 'ADJUSTMENT';
  amount: number;
  method: string | null;
  reference: string | null;
  note: string | null;
  idempotencyKey: string;
}

/** One ledger entry by an admin (a top-up or an adjustment), idempotent on its key, audited. */
async function addEntry(db: Db, ctx: AuthedContext, shopId: string, values: Omit<NewEntry, 'shopId'>) {
  const main = await mainShopOf(db, shopId);
  if (!main) throw notFound('errors.shopNotFound');
  const wanted = {
    shopId: main,
    amount: values.amount,
    kind: values.kind,
    method: values.method,
    reference: values.reference,
  };
  const first = await repeated(db, values.idempotencyKey, wanted);
  if (first) return first;
  try {
    return await db.transaction(async (tx): Promise<EntryResult> => {
      await lockWallet(tx, main);
      const inserted = await tx.execute<{ id: string }>(sql`
        insert into wallet_entries (shop_id, kind, amount, method, reference, note, idempotency_key, created_by)
        values (${main}, ${values.kind}, ${values.amount}, ${values.method}, ${values.reference}, ${values.note},
                ${values.idempotencyKey}, ${ctx.actor.id})
        returning id`);
      const row = await entryById(tx, sql`e.id = ${inserted.rows[0]?.id ?? ''}`);
      if (!row) throw new Error('wallet entry vanished');
      const entry = toEntry(row);
      await audit(tx, ctx, {
        action: values.kind === 'TOP_UP' ? 'wallet.top_up' : 'wallet.adjust',
        entity: 'wallet',
        entityId: main,
        shopId: main,
        before: { balance: entry.balanceAfter - entry.amount },
        after: entry,
      });
      return { entry, created: true, balance: entry.balanceAfter };
    });
  } catch (err) {
    // The same key arriving twice at once: the unique index lets one in; the other answers it.
    if (pgError(err)?.constraint === 'wallet_entries_idempotency_key') {
      const winner = await repeated(db, values.idempotencyKey, wanted);
      if (winner) return winner;
    }
    if (isOverdraw(err)) {
      const balance = await walletBalance(db, main);
      throw new AppError(
        409,
        'errors.walletBelowZero',
        { balance: kip(balance) },
        { amount: 'errors.walletBelowZero' },
      );
    }
    throw err;
  }
}

/** `POST /v1/wallet/top-up` (admins). */
export function topUp(db: Db, ctx: AuthedContext, body: TopUpBody) {
  return addEntry(db, ctx, body.shopId, {
    kind: 'TOP_UP',
    amount: body.amount,
    method: body.method,
    reference: body.reference || null,
    note: body.note || null,
    idempotencyKey: body.idempotencyKey,
  });
}

/** `POST /v1/wallet/adjust` (admins): a correction as a new ADJUSTMENT entry with its reason. */
export function adjustWallet(db: Db, ctx: AuthedContext, body: AdjustWalletBody) {
  return addEntry(db, ctx, body.shopId, {
    kind: 'ADJUSTMENT',
    amount: body.amount,
    method: null,
    reference: null,
    note: body.reason,
    idempotencyKey: body.idempotencyKey,
  });
}
