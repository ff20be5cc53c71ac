/**
 * Every endpoint × every role (and no token) → allowed or refused, as designed (DESIGN.md §1, §6).
 * Each request carries a body that would be valid for that caller, so "allowed" means really
 * allowed (2xx) and "refused" is the 401/403 of the role check, not a side effect of bad input.
 * Adding an endpoint is one row in `endpoints`.
 */

import { randomBytes } from 'node:crypto';
import { defaultFeeRule } from '@parking-hub/contracts/prices';
import { ROLES, type Role } from '@parking-hub/contracts/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../db/schema/app-versions.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { bills } from '../db/schema/bills.ts';
import { memberNumbers, members } from '../db/schema/members.ts';
import { outboxMessages } from '../db/schema/messaging.ts';
import { fees, packages } from '../db/schema/packages.ts';
import { priceRules } from '../db/schema/prices.ts';
import { promotions } from '../db/schema/promotions.ts';
import { rollDeliveries } from '../db/schema/rolls.ts';
import { shopBillCounters, shops } from '../db/schema/shops.ts';
import { videos } from '../db/schema/videos.ts';
import { newReference } from '../modules/bills/bills.service.ts';
import { peerEnv } from '../modules/outbox/outbox.test-support.ts';
import { findRuleByType } from '../modules/prices/prices.repository.ts';
import type { ZodApp } from '../plugins/types.ts';
import {
  call,
  createTestApp,
  insertShop,
  insertUser,
  signedIn,
  TEST_PASSWORD,
  type TestApp,
  unique,
} from './harness.ts';
import { FakeWhatsApp } from './peers/fake-whatsapp.ts';

type Who = Role | 'none';
type Outcome = 'ok' | 401 | 403;
const WHO: readonly Who[] = [...ROLES, 'none'];

interface Person {
  id: string;
  username: string;
  role: Role;
  shopId: string | null;
  token: string;
  sessionId: string;
}

/** The caller, a shop in their scope and a user one rank below them (a peer for SHOP). */
interface Scene {
  actor: Person;
  shopId: string;
  lower: Person;
  /** The shop's motorbike rule (editable) and a bicycle rule (deletable). */
  motorbikeRuleId: string;
  bicycleRuleId: string;
  /** A parked bill of the shop. */
  bill: { id: string; reference: string };
  /** What a row's `setup` made for it (ids, tokens). */
  extra: Record<string, string>;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (s: Scene) => string;
  body?: (s: Scene) => unknown;
  /** Send `body` as multipart/form-data, with `file` as its one file. */
  file?: Buffer;
  /** Made before the call, into `s.extra` (e.g. an outbox row, a recovery request). */
  setup?: (s: Scene) => Promise<Record<string, string>>;
  headers?: (body: unknown) => Record<string, string>;
  /** Outcomes in the order SUPER-ADMIN, ADMIN, AGENT, MANAGER, SHOP, no token. */
  expect: readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];
}

const PUBLIC = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'] as const;
const SIGNED_IN = ['ok', 'ok', 'ok', 'ok', 'ok', 401] as const;
const MANAGES_USERS = ['ok', 'ok', 'ok', 'ok', 403, 401] as const;
const ADMINS = ['ok', 'ok', 403, 403, 403, 401] as const;

const STAFF_EDITORS = ['ok', 'ok', 'ok', 'ok', 403, 401] as const;
const BOT = '/parking-hub-api/bot/v1';
const AGENT_AREA = ['ok', 'ok', 'ok', 403, 403, 401] as const;
const SUPER_ADMIN_ONLY = ['ok', 403, 403, 403, 403, 401] as const;
/** Rent (issue 15): who reads invoices (admins, the shop's agent, its manager; shop staff 403). */
const RENT_READERS = ['ok', 'ok', 'ok', 'ok', 403, 401] as const;
/** Sending invoices (issue 15): admins and the shop's agent; managers and shops do not. */
const INVOICE_SENDERS = ['ok', 'ok', 'ok', 403, 403, 401] as const;
/** News (issue 16): what reached a shop is read by its staff and manager only. */
const NEWS_READERS = [403, 403, 403, 'ok', 'ok', 401] as const;
const NEWS_FIELDS = { title: 'ແຈ້ງການ', body: 'ທົດລອງ', audience: 'SHOPS', publish: 'DRAFT' } as const;
/** An MP4's first box (ftyp isom): the smallest file the video upload's byte check takes. */
const MP4 = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const userFields = (p: Person) => ({ id: p.id, username: p.username, role: p.role, shopId: p.shopId });

// biome-ignore format: one endpoint per row
const endpoints: Endpoint[] = [
  { name: 'POST login', method: 'POST', path: () => 'login', body: (s) => ({ username: s.actor.username, password: TEST_PASSWORD }), expect: PUBLIC },
  { name: 'POST me', method: 'POST', path: () => 'me', body: () => ({ brand: 'unknown' }), expect: SIGNED_IN },
  { name: 'POST logout', method: 'POST', path: () => 'logout', expect: SIGNED_IN },
  { name: 'POST users', method: 'POST', path: () => 'users?page=1', body: () => ({ page: 1 }), expect: SIGNED_IN },
  { name: 'POST user/create', method: 'POST', path: () => 'user/create', body: (s) => ({ username: unique('tbl'), fullName: 'New user', password: 'table-pass-1', role: s.lower.role, shopId: s.lower.shopId }), expect: MANAGES_USERS },
  { name: 'POST user/update', method: 'POST', path: () => 'user/update', body: (s) => ({ ...userFields(s.lower), fullName: 'Edited' }), expect: MANAGES_USERS },
  { name: 'POST users/update/profile', method: 'POST', path: () => 'users/update/profile', body: (s) => ({ userId: s.actor.id, fullName: 'Own name' }), expect: SIGNED_IN },
  { name: 'POST user/update/password', method: 'POST', path: () => 'user/update/password', body: () => ({ currentPassword: TEST_PASSWORD, password: 'changed-pass-1', password_confirmation: 'changed-pass-1' }), expect: SIGNED_IN },
  { name: 'PATCH users/{u_id}/update/status', method: 'PATCH', path: (s) => `users/${s.lower.id}/update/status`, body: (s) => ({ u_id: s.lower.id, status: 'SUSPENDED' }), expect: MANAGES_USERS },
  { name: 'DELETE users/{id}/delete', method: 'DELETE', path: (s) => `users/${s.lower.id}/delete`, expect: MANAGES_USERS },
  { name: 'GET shops', method: 'GET', path: () => 'shops?q=', expect: SIGNED_IN },
  { name: 'POST shops', method: 'POST', path: () => 'shops?page=1', body: () => ({ page: 1 }), expect: SIGNED_IN },
  { name: 'POST shop/create', method: 'POST', path: () => 'shop/create', body: () => ({ name: unique('Table shop '), priceMotorbike: 1000, priceCar: 3000 }), expect: AGENT_AREA },
  { name: 'POST branch/create', method: 'POST', path: () => 'branch/create', body: (s) => ({ parentId: s.shopId, name: unique('Table branch '), priceMotorbike: 1000, priceCar: 3000 }), expect: STAFF_EDITORS },
  { name: 'POST shop/update', method: 'POST', path: () => 'shop/update', body: (s) => ({ id: s.shopId, name: unique('Edited shop ') }), expect: STAFF_EDITORS },
  { name: 'POST shop/detail', method: 'POST', path: () => 'shop/detail', body: (s) => ({ id: s.shopId }), expect: SIGNED_IN },
  { name: 'POST shop/logo', method: 'POST', path: () => 'shop/logo', body: (s) => ({ id: s.shopId }), file: PNG, expect: STAFF_EDITORS },
  { name: 'GET dividuals-agent', method: 'GET', path: () => 'dividuals-agent?q=', expect: AGENT_AREA },
  { name: 'POST prices', method: 'POST', path: () => 'prices', body: (s) => ({ shopId: s.shopId }), expect: SIGNED_IN },
  { name: 'POST prices/create', method: 'POST', path: () => 'prices/create', body: (s) => ({ shopId: s.shopId, vehicleType: 'TRUCK', ...defaultFeeRule(5000) }), expect: STAFF_EDITORS },
  { name: 'POST prices/update', method: 'POST', path: () => 'prices/update', body: (s) => ({ id: s.motorbikeRuleId, ...defaultFeeRule(1500) }), expect: STAFF_EDITORS },
  { name: 'POST prices/delete', method: 'POST', path: () => 'prices/delete', body: (s) => ({ id: s.bicycleRuleId }), expect: STAFF_EDITORS },
  { name: 'GET packages', method: 'GET', path: () => 'packages', expect: AGENT_AREA },
  { name: 'POST packages/create', method: 'POST', path: () => 'packages/create', body: () => ({ nameLo: 'ພື້ນຖານ', nameEn: 'Basic', monthlyPrice: 150_000, ticketsIncluded: 3000, extraTicketPrice: 50, usersAllowed: 3, branchesAllowed: 0 }), expect: ADMINS },
  { name: 'POST packages/update', method: 'POST', path: () => 'packages/update', setup: tablePackage, body: (s) => ({ id: s.extra.packageId, monthlyPrice: 160_000 }), expect: ADMINS },
  { name: 'POST packages/delete', method: 'POST', path: () => 'packages/delete', setup: tablePackage, body: (s) => ({ id: s.extra.packageId }), expect: ADMINS },
  { name: 'DELETE packages/delete/{id}', method: 'DELETE', path: (s) => `packages/delete/${s.extra.packageId}`, setup: tablePackage, expect: ADMINS },
  { name: 'GET fees', method: 'GET', path: () => 'fees', expect: AGENT_AREA },
  { name: 'POST fees/create', method: 'POST', path: () => 'fees/create', body: () => ({ code: unique('TBL_').toUpperCase(), nameLo: 'ຄ່າທົດລອງ', nameEn: 'Table fee', amount: 10_000 }), expect: ADMINS },
  { name: 'POST fees/update', method: 'POST', path: () => 'fees/update', setup: tableFee, body: (s) => ({ id: s.extra.feeId, amount: 12_000 }), expect: ADMINS },
  { name: 'POST bill/create', method: 'POST', path: () => 'bill/create', body: (s) => ({ vehicleType: 'MOTORBIKE', shopId: s.shopId }), expect: SIGNED_IN },
  { name: 'POST bill/checkout', method: 'POST', path: () => 'bill/checkout', body: (s) => ({ reference: s.bill.reference }), expect: SIGNED_IN },
  { name: 'POST bill/lost', method: 'POST', path: () => 'bill/lost', body: (s) => ({ id: s.bill.id }), expect: SIGNED_IN },
  { name: 'POST bill/print', method: 'POST', path: () => 'bill/print', body: (s) => ({ id: s.bill.id, paper: '80' }), expect: SIGNED_IN },
  { name: 'POST bill/find', method: 'POST', path: () => 'bill/find', body: (s) => ({ reference: s.bill.reference }), expect: SIGNED_IN },
  { name: 'POST bill/timeline', method: 'POST', path: () => 'bill/timeline', body: (s) => ({ id: s.bill.id }), expect: SIGNED_IN },
  { name: 'POST bills-in-shop', method: 'POST', path: () => 'bills-in-shop?page=1', body: (s) => ({ shopId: s.shopId }), expect: SIGNED_IN },
  { name: 'POST bills/update', method: 'POST', path: () => 'bills/update', body: (s) => ({ action: 'CORRECT', id: s.bill.id, plate: 'AB 1234' }), expect: SIGNED_IN },
  { name: 'GET public/bills/{reference}', method: 'GET', path: (s) => `public/bills/${s.bill.reference}`, expect: PUBLIC },
  { name: 'POST access-token', method: 'POST', path: () => 'access-token', body: () => ({ page: 1 }), expect: ADMINS },
  { name: 'DELETE access-token/{sessionId}', method: 'DELETE', path: (s) => `access-token/${s.lower.sessionId}`, expect: ADMINS },
  { name: 'POST report/chart', method: 'POST', path: () => 'report/chart', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31' }), expect: SIGNED_IN },
  { name: 'POST report/balance-for-shop', method: 'POST', path: () => 'report/balance-for-shop', body: (s) => ({ shopId: s.shopId }), expect: SIGNED_IN },
  { name: 'POST report/balance-yesterday', method: 'POST', path: () => 'report/balance-yesterday', body: (s) => ({ shopId: s.shopId, byClosing: true }), expect: SIGNED_IN },
  { name: 'POST report/bill/date', method: 'POST', path: () => 'report/bill/date', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31' }), expect: SIGNED_IN },
  { name: 'POST report/bill/month', method: 'POST', path: () => 'report/bill/month', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-12-31' }), expect: SIGNED_IN },
  { name: 'POST report/bill/cancel', method: 'POST', path: () => 'report/bill/cancel', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31' }), expect: SIGNED_IN },
  { name: 'POST report/customer-important', method: 'POST', path: () => 'report/customer-important', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31' }), expect: SIGNED_IN },
  { name: 'POST report/payment-by-staff', method: 'POST', path: () => 'report/payment-by-staff', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31', counted: [{ shopId: s.shopId, staffId: s.actor.id, amount: 5000 }] }), expect: SIGNED_IN },
  { name: 'GET membership', method: 'GET', path: () => 'membership?search=T-1', expect: SIGNED_IN },
  { name: 'GET membership/member/{memberId}', method: 'GET', path: (s) => `membership/member/${s.extra.memberId}`, setup: memberScene, expect: SIGNED_IN },
  { name: 'POST membership/create', method: 'POST', path: () => 'membership/create', setup: memberScene, body: (s) => ({ shopId: s.shopId, numberId: s.extra.freeNumberId, fullName: 'ທ້າວ ສົມພອນ', plates: ['ກຂ 2000'], vehicleType: 'MOTORBIKE', months: 1, method: 'CASH', amount: 60_000 }), expect: STAFF_EDITORS },
  { name: 'POST membership/renew', method: 'POST', path: () => 'membership/renew', setup: memberScene, body: (s) => ({ memberId: s.extra.memberId, months: 1, method: 'QR', amount: 60_000 }), expect: STAFF_EDITORS },
  { name: 'POST membership/update', method: 'POST', path: () => 'membership/update', setup: memberScene, body: (s) => ({ id: s.extra.memberId, fullName: 'ນາງ ແກ້ວ' }), expect: STAFF_EDITORS },
  { name: 'POST membership/replace-card', method: 'POST', path: () => 'membership/replace-card', setup: memberScene, body: (s) => ({ memberId: s.extra.memberId, numberId: s.extra.freeNumberId }), expect: STAFF_EDITORS },
  { name: 'DELETE membership/{memberId}', method: 'DELETE', path: (s) => `membership/${s.extra.memberId}`, setup: memberScene, expect: STAFF_EDITORS },
  { name: 'POST membership/number/create', method: 'POST', path: () => 'membership/number/create', body: (s) => ({ shopId: s.shopId, prefix: 'M-', from: 1, to: 20 }), expect: STAFF_EDITORS },
  { name: 'GET membership/numbers', method: 'GET', path: (s) => `membership/numbers?shopId=${s.shopId}`, expect: SIGNED_IN },
  { name: 'DELETE membership/number/{numberId}', method: 'DELETE', path: (s) => `membership/number/${s.extra.freeNumberId}`, setup: memberScene, expect: STAFF_EDITORS },
  { name: 'GET membership/plans', method: 'GET', path: (s) => `membership/plans?shopId=${s.shopId}`, expect: SIGNED_IN },
  { name: 'GET membership/settings', method: 'GET', path: (s) => `membership/settings?shopId=${s.shopId}`, expect: SIGNED_IN },
  { name: 'POST membership/settings', method: 'POST', path: () => 'membership/settings', body: (s) => ({ shopId: s.shopId, reminderDays: 3 }), expect: STAFF_EDITORS },
  { name: 'POST membership/report', method: 'POST', path: () => 'membership/report', body: (s) => ({ shopId: s.shopId, from: '2026-01-01', to: '2026-01-31' }), expect: SIGNED_IN },
  // issue 15 — invoices (rows of the invoices helper go below this line)
  { name: 'POST manual-summary-rent', method: 'POST', path: () => 'manual-summary-rent', body: (s) => ({ month: '2026-01', shopIds: [s.shopId] }), expect: ADMINS },
  { name: 'POST report-rent', method: 'POST', path: () => 'report-rent?page=1', body: () => ({ month: '2026-01' }), expect: RENT_READERS },
  { name: 'GET invoice/{invoiceId}', method: 'GET', path: (s) => `invoice/${s.extra.invoiceId}`, setup: tableInvoice, expect: RENT_READERS },
  { name: 'POST invoice/update', method: 'POST', path: () => 'invoice/update', setup: tableInvoice, body: (s) => ({ invoiceId: s.extra.invoiceId, reason: 'ປັບລາຄາ', lines: [{ descriptionLo: 'ແພັກເກັດ', quantity: 1, unitPrice: 90_000 }] }), expect: ADMINS },
  { name: 'DELETE invoice/{invoiceId}', method: 'DELETE', path: (s) => `invoice/${s.extra.invoiceId}`, setup: tableInvoice, expect: ADMINS },
  { name: 'POST rent/charge/create', method: 'POST', path: () => 'rent/charge/create', body: (s) => ({ shopId: s.shopId, descriptionLo: 'ຄ່າຕິດຕັ້ງ', unitPrice: 50_000 }), expect: ADMINS },
  { name: 'POST rent/charges', method: 'POST', path: () => 'rent/charges?page=1', body: (s) => ({ shopId: s.shopId }), expect: ADMINS },
  { name: 'DELETE rent/charge/{id}', method: 'DELETE', path: (s) => `rent/charge/${s.extra.chargeId}`, setup: tableCharge, expect: ADMINS },
  // issue 15 — payments, wallet, compensation, finance (rows of the money helper go below this line)
  { name: 'POST invoice/paid', method: 'POST', path: () => 'invoice/paid', setup: moneyScene, body: (s) => ({ invoiceId: s.extra.invoiceId, method: 'WALLET' }), expect: ['ok', 'ok', 403, 'ok', 403, 401] },
  { name: 'POST invoice/payment/reverse', method: 'POST', path: () => 'invoice/payment/reverse', setup: moneyScene, body: (s) => ({ paymentId: s.extra.paymentId, reason: 'ບັນທຶກຜິດ' }), expect: ADMINS },
  // One row per route: the wallet of a shop in the caller's scope (the list of balances is the same route and roles).
  { name: 'GET wallet', method: 'GET', path: (s) => `wallet?shopId=${s.shopId}`, expect: RENT_READERS },
  { name: 'POST wallet/top-up', method: 'POST', path: () => 'wallet/top-up', body: (s) => ({ shopId: s.shopId, amount: 50_000, method: 'CASH', idempotencyKey: unique('table-top-up-') }), expect: ADMINS },
  { name: 'POST wallet/adjust', method: 'POST', path: () => 'wallet/adjust', body: (s) => ({ shopId: s.shopId, amount: 1000, reason: 'ປັບຍອດ', idempotencyKey: unique('table-adjust-') }), expect: ADMINS },
  { name: 'POST compensation', method: 'POST', path: () => 'compensation?page=1', body: () => ({ month: '2026-01' }), expect: AGENT_AREA },
  { name: 'POST compensation/detail', method: 'POST', path: () => 'compensation/detail', setup: moneyScene, body: (s) => ({ agentId: s.extra.agentId, month: '2026-01' }), expect: AGENT_AREA },
  { name: 'POST compensation/paid', method: 'POST', path: () => 'compensation/paid', setup: moneyScene, body: (s) => ({ agentId: s.extra.agentId, month: '2026-01', reference: 'BCEL-1' }), expect: ADMINS },
  { name: 'GET compensation/rates', method: 'GET', path: () => 'compensation/rates', expect: ADMINS },
  { name: 'POST compensation/rate', method: 'POST', path: () => 'compensation/rate', setup: moneyScene, body: (s) => ({ agentId: s.extra.agentId, ratePercent: 12.5 }), expect: ADMINS },
  { name: 'GET finance/settings', method: 'GET', path: () => 'finance/settings', expect: ADMINS },
  { name: 'POST finance/settings', method: 'POST', path: () => 'finance/settings', body: () => ({ dueDay: 10, defaultCommissionBp: 1000 }), expect: ADMINS },
  { name: 'POST reports/finance', method: 'POST', path: () => 'reports/finance', body: () => ({ from: '2025-01', to: '2026-12' }), expect: ADMINS },
  // issue 15 — sending and the daily summary (rows of the sending helper go below this line)
  { name: 'POST sent/manual-summary', method: 'POST', path: () => 'sent/manual-summary', setup: sendableInvoice, body: (s) => ({ invoiceId: s.extra.invoiceId }), expect: INVOICE_SENDERS },
  { name: 'POST resent-manual-summary-rent', method: 'POST', path: () => 'resent-manual-summary-rent', setup: sendableInvoice, body: (s) => ({ invoiceId: s.extra.invoiceId }), expect: INVOICE_SENDERS },
  { name: 'POST report-daily', method: 'POST', path: () => 'report-daily', body: (s) => ({ shopIds: [s.shopId], day: '2026-11-22' }), expect: ADMINS },
  { name: 'GET public/invoice/{token}', method: 'GET', path: (s) => `public/invoice/${s.extra.publicToken}`, setup: sendableInvoice, expect: PUBLIC },
  { name: 'POST report/last-action', method: 'POST', path: () => 'report/last-action', body: () => ({ page: 1 }), expect: ADMINS },
  { name: 'GET company', method: 'GET', path: () => 'company', expect: SIGNED_IN },
  { name: 'POST company/update', method: 'POST', path: () => 'company/update', body: () => ({ companyName: unique('Table company ') }), expect: SUPER_ADMIN_ONLY },
  { name: 'POST company/image', method: 'POST', path: () => 'company/image', body: () => ({ kind: 'logo' }), file: PNG, expect: SUPER_ADMIN_ONLY },
  { name: 'POST company/image/remove', method: 'POST', path: () => 'company/image/remove', body: () => ({ kind: 'logo' }), expect: SUPER_ADMIN_ONLY },
  { name: 'POST promotions', method: 'POST', path: () => 'promotions?page=1', body: () => ({ state: 'ACTIVE' }), expect: AGENT_AREA },
  { name: 'POST promotion/create', method: 'POST', path: () => 'promotion/create', body: (s) => ({ title: 'ຫຼຸດ 10%', discountType: 'PERCENT', discountValue: 10, validFrom: '2026-01-01', validUntil: '2099-12-31', audience: 'SHOPS', shopIds: [s.shopId] }), expect: AGENT_AREA },
  { name: 'POST promotion/update', method: 'POST', path: () => 'promotion/update', setup: ownPromotion, body: (s) => ({ id: s.extra.promotionId, active: false }), expect: AGENT_AREA },
  { name: 'POST promotion/image', method: 'POST', path: () => 'promotion/image', setup: ownPromotion, body: (s) => ({ id: s.extra.promotionId }), file: PNG, expect: AGENT_AREA },
  { name: 'POST promotions/for-shop', method: 'POST', path: () => 'promotions/for-shop', body: (s) => ({ shopId: s.shopId, month: '2026-05' }), expect: AGENT_AREA },
  { name: 'GET promotion/cap', method: 'GET', path: () => 'promotion/cap', expect: AGENT_AREA },
  { name: 'POST promotion/cap', method: 'POST', path: () => 'promotion/cap', body: () => ({ maxPercent: 20, maxAmount: 200_000, maxFreeMonths: 1, maxActive: 5 }), expect: ADMINS },
  { name: 'POST roll/shop', method: 'POST', path: () => 'roll/shop', setup: rollScene, body: (s) => ({ shopId: s.shopId, ...rollFields }), expect: AGENT_AREA },
  { name: 'POST roll/update-shop', method: 'POST', path: () => 'roll/update-shop', setup: rollScene, body: (s) => ({ id: s.extra.deliveryId, shopId: s.shopId, ...rollFields }), expect: AGENT_AREA },
  { name: 'POST roll/person', method: 'POST', path: () => 'roll/person', setup: rollScene, body: (s) => ({ personId: s.extra.agentId, ...rollFields }), expect: ADMINS },
  { name: 'POST roll/update-person', method: 'POST', path: () => 'roll/update-person', setup: rollScene, body: (s) => ({ id: s.extra.receiptId, personId: s.extra.agentId, ...rollFields }), expect: ADMINS },
  { name: 'POST rolls', method: 'POST', path: () => 'rolls?page=1', body: () => ({ kind: 'SHOP' }), expect: AGENT_AREA },
  { name: 'POST rolls/stock', method: 'POST', path: () => 'rolls/stock', body: () => ({}), expect: AGENT_AREA },
  { name: 'POST rolls/low-paper', method: 'POST', path: () => 'rolls/low-paper', body: () => ({ onlyLow: true }), expect: AGENT_AREA },
  { name: 'POST rolls/ticket-check', method: 'POST', path: () => 'rolls/ticket-check', body: (s) => ({ month: '2026-01', shopId: s.shopId }), expect: AGENT_AREA },
  { name: 'GET rolls/settings', method: 'GET', path: () => 'rolls/settings', expect: AGENT_AREA },
  { name: 'POST rolls/settings', method: 'POST', path: () => 'rolls/settings', body: () => ({ lowPaperDays: 7 }), expect: ADMINS },
  { name: 'GET messages/status', method: 'GET', path: () => 'messages/status', expect: ADMINS },
  { name: 'POST messages', method: 'POST', path: () => 'messages?page=1', body: (s) => ({ shopId: s.shopId }), expect: AGENT_AREA },
  { name: 'GET messages/{id}', method: 'GET', path: (s) => `messages/${s.extra.messageId}`, setup: (s) => shopMessage(s, 'QUEUED'), expect: AGENT_AREA },
  { name: 'POST messages/{id}/retry', method: 'POST', path: (s) => `messages/${s.extra.messageId}/retry`, setup: (s) => shopMessage(s, 'FAILED'), expect: ADMINS },
  { name: 'POST messages/{id}/cancel', method: 'POST', path: (s) => `messages/${s.extra.messageId}/cancel`, setup: (s) => shopMessage(s, 'QUEUED'), expect: ADMINS },
  { name: 'POST test-whatsapp', method: 'POST', path: () => 'test-whatsapp', body: () => ({ to: '020 5555 1234' }), expect: ADMINS },
  { name: 'POST reset-whatsapp', method: 'POST', path: () => 'reset-whatsapp', body: () => ({}), expect: ADMINS },
  { name: 'POST bot/sent-whatsapp-to-shop', method: 'POST', path: () => `${BOT}/sent-whatsapp-to-shop`, body: (s) => ({ shopIds: [s.shopId], text: 'ສະບາຍດີ' }), expect: AGENT_AREA },
  // issue 16 — news: admins and agents (their own) write; a shop's staff and manager read theirs
  { name: 'POST news', method: 'POST', path: () => 'news?page=1', body: () => ({ status: 'SENT' }), expect: AGENT_AREA },
  { name: 'GET news/{id}', method: 'GET', path: (s) => `news/${s.extra.newsId}`, setup: (s) => ownNews(s, 'SENT'), expect: AGENT_AREA },
  { name: 'POST news/create', method: 'POST', path: () => 'news/create', body: (s) => ({ ...NEWS_FIELDS, shopIds: [s.shopId] }), expect: AGENT_AREA },
  { name: 'POST news/update', method: 'POST', path: () => 'news/update', setup: (s) => ownNews(s, 'DRAFT'), body: (s) => ({ ...NEWS_FIELDS, id: s.extra.newsId, shopIds: [s.shopId], title: 'ແກ້ໄຂ' }), expect: AGENT_AREA },
  { name: 'POST news/delete', method: 'POST', path: () => 'news/delete', setup: (s) => ownNews(s, 'SENT'), body: (s) => ({ id: s.extra.newsId }), expect: AGENT_AREA },
  { name: 'POST news/resent', method: 'POST', path: () => 'news/resent', setup: (s) => ownNews(s, 'SENT'), body: (s) => ({ id: s.extra.newsId, to: 'ALL' }), expect: AGENT_AREA },
  { name: 'POST news/deliveries', method: 'POST', path: () => 'news/deliveries?page=1', setup: (s) => ownNews(s, 'SENT'), body: (s) => ({ newsId: s.extra.newsId }), expect: AGENT_AREA },
  { name: 'POST news/image', method: 'POST', path: () => 'news/image', body: () => ({}), file: PNG, expect: AGENT_AREA },
  { name: 'GET news/inbox', method: 'GET', path: () => 'news/inbox?page=1', setup: (s) => ownNews(s, 'SENT'), expect: NEWS_READERS },
  { name: 'GET news/unread', method: 'GET', path: () => 'news/unread', setup: (s) => ownNews(s, 'SENT'), expect: NEWS_READERS },
  { name: 'POST news/read', method: 'POST', path: () => 'news/read', setup: (s) => ownNews(s, 'SENT'), body: () => ({ all: true }), expect: NEWS_READERS },
  { name: 'GET public/news/{token}', method: 'GET', path: (s) => `public/news/${s.extra.publicToken}`, setup: (s) => ownNews(s, 'SENT'), expect: PUBLIC },
  // issue 16 — app versions: admins keep the releases; the staff app's check is public
  { name: 'GET version-apps', method: 'GET', path: () => 'version-apps?platform=android', expect: ADMINS },
  { name: 'POST version-app/create', method: 'POST', path: () => 'version-app/create', body: () => tableRelease(), expect: ADMINS },
  { name: 'POST version-app/update', method: 'POST', path: () => 'version-app/update', setup: tableAppVersion, body: (s) => ({ id: s.extra.appVersionId, forceUpdate: true }), expect: ADMINS },
  { name: 'DELETE app/info/delete/{id}', method: 'DELETE', path: (s) => `app/info/delete/${s.extra.appVersionId}`, setup: tableAppVersion, expect: ADMINS },
  { name: 'GET app/check', method: 'GET', path: () => 'app/check?platform=android&version=1.0.0&build=1', expect: PUBLIC },
  // issue 16 — intro videos: every signed-in role lists (its own role's active ones); admins keep them
  { name: 'POST video', method: 'POST', path: () => 'video?page=1', body: () => ({ active: true }), expect: SIGNED_IN },
  { name: 'GET video/limits', method: 'GET', path: () => 'video/limits', expect: ADMINS },
  { name: 'POST video/create', method: 'POST', path: () => 'video/create', body: () => ({ title: 'ວິດີໂອທົດລອງ', roles: 'SHOP' }), file: MP4, expect: ADMINS },
  { name: 'POST video/update', method: 'POST', path: () => 'video/update', setup: tableVideo, body: (s) => ({ id: s.extra.videoId ?? '', title: 'ປ່ຽນຊື່' }), file: MP4, expect: ADMINS },
  { name: 'POST video/delete', method: 'POST', path: () => 'video/delete', setup: tableVideo, body: (s) => ({ id: s.extra.videoId }), expect: ADMINS },
  { name: 'GET bot/whatsapp/webhook', method: 'GET', path: () => `${BOT}/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`, expect: PUBLIC },
  { name: 'POST bot/whatsapp/webhook', method: 'POST', path: () => `${BOT}/whatsapp/webhook`, body: () => ({ object: 'whatsapp_business_account', entry: [] }), headers: (body) => ({ 'x-hub-signature-256': fake.sign(JSON.stringify(body)) }), expect: PUBLIC },
  { name: 'POST find-my-account', method: 'POST', path: () => 'find-my-account', body: (s) => ({ identifier: s.actor.username }), expect: PUBLIC },
  { name: 'POST auth/email-send-pin', method: 'POST', path: () => 'auth/email-send-pin', setup: recoveryRequest, body: (s) => ({ requestId: s.extra.requestId }), expect: PUBLIC },
  { name: 'POST sent-code', method: 'POST', path: () => 'sent-code', setup: recoveryRequest, body: (s) => ({ requestId: s.extra.requestId }), expect: PUBLIC },
  { name: 'POST verify-code', method: 'POST', path: () => 'verify-code', setup: recoveryCode, body: (s) => ({ requestId: s.extra.requestId, code: s.extra.code }), expect: PUBLIC },
  { name: 'POST user/reset-password', method: 'POST', path: () => 'user/reset-password', setup: recoveryToken, body: (s) => ({ resetToken: s.extra.resetToken, password: 'recovered-pass-1', password_confirmation: 'recovered-pass-1' }), expect: PUBLIC },
];

const VERIFY_TOKEN = 'table-verify-token';

/**
 * News (issue 16) the caller may change (an agent's own, else the platform's) addressed to the
 * scene's shop; a SENT one has that shop's delivery (no message), so its staff read it.
 */
async function ownNews(s: Scene, status: 'DRAFT' | 'SENT') {
  const owner = s.actor.role === 'AGENT' ? s.actor.id : null;
  const publicToken = randomBytes(24).toString('base64url');
  const res = await t.db.execute<{ id: string }>(sql`
    insert into news (title, body, audience, shop_ids, status, sent_at, public_token, owner_agent_id)
    values ('ຂ່າວທົດລອງ', 'ທົດລອງ', 'SHOPS', array[${s.shopId}]::uuid[], ${status},
            ${status === 'SENT' ? sql`now()` : sql`null`}, ${publicToken}, ${owner})
    returning id`);
  const newsId = res.rows[0]?.id ?? '';
  if (status === 'SENT')
    await t.db.execute(sql`
      insert into news_deliveries (news_id, shop_id, reason) values (${newsId}, ${s.shopId}, 'no_whatsapp')`);
  return { newsId, publicToken };
}

/** App versions (issue 16): a release of its own (version and build no other row uses). */
let appSeq = 0;
function tableRelease() {
  appSeq++;
  return {
    platform: 'android',
    version: `3.${appSeq}.0`,
    build: 3000 + appSeq,
    minVersion: '3.0.0',
    storeUrl: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
  };
}
async function tableAppVersion() {
  const values = {
    ...tableRelease(),
    major: 3,
    minor: appSeq,
    patch: 0,
    minMajor: 3,
    minMinor: 0,
    minPatch: 0,
  };
  const [row] = await t.db.insert(appVersions).values(values).returning({ id: appVersions.id });
  return { appVersionId: row?.id ?? '' };
}

/** Intro videos (issue 16): a link video (changing or deleting it touches no file). */
async function tableVideo() {
  const [row] = await t.db
    .insert(videos)
    .values({ title: 'ວິດີໂອທົດລອງ', source: 'LINK', url: 'https://example.la/intro' })
    .returning({ id: videos.id });
  return { videoId: row?.id ?? '' };
}

/** An UNPAID invoice of the scene's shop (its own number of a year no real invoice uses). */
async function tableInvoice(s: Scene) {
  const res = await t.db.execute<{ id: string }>(sql`
    with n as (
      insert into invoice_counters (year, last_number) values (2099, 1)
      on conflict (year) do update set last_number = invoice_counters.last_number + 1 returning last_number
    )
    insert into rent_invoices (number, year, seq, shop_id, month, status, subtotal, discount, total, due_date, public_token)
    select 'INV-2099-' || lpad(n.last_number::text, 6, '0'), 2099, n.last_number, ${s.shopId}, '2026-01-01', 'UNPAID',
           100000, 0, 100000, '2026-02-10', md5(random()::text) || md5(random()::text)
    from n returning id`);
  return { invoiceId: res.rows[0]?.id ?? '' };
}

/** A pending one-off charge on the scene's shop. */
async function tableCharge(s: Scene) {
  const res = await t.db.execute<{ id: string }>(sql`
    insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price)
    values (${s.shopId}, '2026-01-01', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 1, 50000) returning id`);
  return { chargeId: res.rows[0]?.id ?? '' };
}

/** Paper rolls: an agent with stock (the caller when an agent), a delivery to the scene's shop out of it. */
const rollFields = { deliveredOn: '2026-01-10', quantity: 1, ticketsPerRoll: 100 };
async function rollScene(s: Scene) {
  const agentId = s.actor.role === 'AGENT' ? s.actor.id : (await insertUser(t.db, 'AGENT')).id;
  const base = { deliveredOn: '2026-01-05', ticketsPerRoll: 100, unitPrice: 15000 };
  const [receipt] = await t.db
    .insert(rollDeliveries)
    .values({ ...base, kind: 'PERSON', personId: agentId, quantity: 20 })
    .returning({ id: rollDeliveries.id });
  const fromPersonId = s.actor.role === 'AGENT' ? agentId : null;
  const [delivery] = await t.db
    .insert(rollDeliveries)
    .values({ ...base, kind: 'SHOP', shopId: s.shopId, fromPersonId, quantity: 2 })
    .returning({ id: rollDeliveries.id });
  return { agentId, receiptId: receipt?.id ?? '', deliveryId: delivery?.id ?? '' };
}

/** An unpaid rent invoice of the scene's shop (a WhatsApp number on it, so a send really queues). */
let invoiceSeq = 0;
async function sendableInvoice(s: Scene) {
  const { rentInvoices } = await import('../db/schema/rent.ts');
  invoiceSeq++;
  await t.db.update(shops).set({ whatsapp: '+8562055557777' }).where(eq(shops.id, s.shopId));
  const publicToken = `tbl${String(invoiceSeq).padStart(29, '0')}`;
  const [row] = await t.db
    .insert(rentInvoices)
    .values({
      number: `INV-2090-${String(invoiceSeq).padStart(6, '0')}`,
      year: 2090,
      seq: invoiceSeq,
      shopId: s.shopId,
      month: '2026-10-01',
      subtotal: 150_000,
      total: 150_000,
      dueDate: '2026-11-10',
      publicToken,
    })
    .returning({ id: rentInvoices.id });
  return { invoiceId: row?.id ?? '', publicToken };
}

/**
 * Money (issue 15): the scene shop's agent (the caller when an agent), an invoice of the shop for
 * 2026-01 with that agent, money in the shop's wallet to pay it, and a cash payment on another
 * invoice with its pending commission of January 2026 (what reverse and compensation/paid act on).
 */
let moneySeq = 0;
async function moneyScene(s: Scene) {
  const agentId = s.actor.role === 'AGENT' ? s.actor.id : (await insertUser(t.db, 'AGENT')).id;
  await t.db.update(shops).set({ agentId }).where(eq(shops.id, s.shopId));
  const invoice = async (month: string) => {
    moneySeq++;
    const res = await t.db.execute<{ id: string }>(sql`
      insert into rent_invoices (number, year, seq, shop_id, month, agent_id, subtotal, discount, total, due_date, public_token)
      values (${`INV-2095-${String(moneySeq).padStart(6, '0')}`}, 2095, ${moneySeq}, ${s.shopId}, ${month}, ${agentId},
              100000, 0, 100000, '2026-02-10', ${`money${moneySeq}${unique('-')}`}) returning id`);
    return res.rows[0]?.id ?? '';
  };
  const invoiceId = await invoice('2026-01-01');
  const paidId = await invoice('2025-12-01');
  await t.db.execute(
    sql`insert into wallet_entries (shop_id, kind, amount, idempotency_key) values (${s.shopId}, 'TOP_UP', 100000, ${unique('table-money-')})`,
  );
  const pay = await t.db.execute<{ id: string }>(sql`
    insert into rent_payments (invoice_id, shop_id, amount, method, paid_at) values (${paidId}, ${s.shopId}, 100000, 'CASH', '2026-01-15T03:00:00Z') returning id`);
  const paymentId = pay.rows[0]?.id ?? '';
  await t.db.execute(sql`
    insert into agent_commissions (agent_id, payment_id, invoice_id, shop_id, month, base, rate_bp, amount)
    values (${agentId}, ${paymentId}, ${paidId}, ${s.shopId}, '2026-01-01', 100000, 1000, 10000)`);
  return { agentId, invoiceId, paymentId };
}

/** Members (issue 14): a member of the scene's shop on card T-1, and a free card T-2. */
async function memberScene(s: Scene) {
  const [held, free] = await t.db
    .insert(memberNumbers)
    .values([
      { shopId: s.shopId, number: 'T-1' },
      { shopId: s.shopId, number: 'T-2' },
    ])
    .returning({ id: memberNumbers.id });
  const [member] = await t.db
    .insert(members)
    .values({
      shopId: s.shopId,
      numberId: held?.id,
      number: 'T-1',
      fullName: 'ທ້າວ ທົດລອງ',
      plates: ['ກຂ 1000'],
      plateKeys: ['ກຂ1000'],
      vehicleType: 'MOTORBIKE',
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
    })
    .returning({ id: members.id });
  await t.db
    .update(memberNumbers)
    .set({ status: 'ASSIGNED', memberId: member?.id, everAssigned: new Date() })
    .where(eq(memberNumbers.id, held?.id ?? ''));
  return { memberId: member?.id ?? '', freeNumberId: free?.id ?? '' };
}

/** A promotion the caller may change: an agent's own for their shop, else the platform's. */
async function ownPromotion(s: Scene) {
  const agentId = s.actor.role === 'AGENT' ? s.actor.id : null;
  const [row] = await t.db
    .insert(promotions)
    .values({
      title: 'ຫຼຸດ 5%',
      discountType: 'PERCENT',
      discountValue: 5,
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      audience: 'SHOPS',
      shopIds: [s.shopId],
      ownerAgentId: agentId,
    })
    .returning({ id: promotions.id });
  return { promotionId: row?.id ?? '' };
}

/** An outbox row about the scene's shop, in the state the call needs. */
async function shopMessage(s: Scene, status: 'QUEUED' | 'FAILED') {
  const messageId = await t.db.transaction(async (tx) => {
    const queued = await t.app.outbox.enqueue(tx, {
      channel: 'WHATSAPP',
      recipient: '+8562055551234',
      kind: 'test',
      language: 'lo',
      shopId: s.shopId,
      cause: 'test',
    });
    return queued.id;
  });
  if (status === 'FAILED')
    await t.db.update(outboxMessages).set({ status }).where(eq(outboxMessages.id, messageId));
  return { messageId };
}

/** A forgotten-password attempt of a user with both an e-mail and a WhatsApp number. */
async function recoveryRequest() {
  const n = unique('');
  const user = await insertUser(t.db, 'AGENT', {
    email: `rec${n}@example.la`,
    whatsapp: `+85620${String(Number.parseInt(n, 36) % 100_000_000).padStart(8, '0')}`,
  });
  const found = await call<{ requestId: string }>(t.app, 'POST', 'find-my-account', {
    body: { identifier: user.username },
  });
  return { requestId: found.body.data?.requestId ?? '', userId: user.id };
}

/** …with a code sent (read back from the outbox, where only the sender may look). */
async function recoveryCode() {
  const { requestId, userId } = await recoveryRequest();
  await call(t.app, 'POST', 'auth/email-send-pin', { body: { requestId } });
  const [row] = await t.db
    .select({ secret: outboxMessages.secret })
    .from(outboxMessages)
    .where(eq(outboxMessages.userId, userId));
  return { requestId, code: row?.secret?.code ?? '' };
}

/** …and that code verified: the token that sets the new password. */
async function recoveryToken() {
  const { requestId, code } = await recoveryCode();
  const verified = await call<{ resetToken: string }>(t.app, 'POST', 'verify-code', {
    body: { requestId, code },
  });
  return { resetToken: verified.body.data?.resetToken ?? '' };
}

/** A package no shop has (so deleting it really deletes it). */
async function tablePackage() {
  const values = {
    nameLo: 'ທົດລອງ',
    nameEn: 'Table',
    monthlyPrice: 1,
    ticketsIncluded: 1,
    extraTicketPrice: 1,
  };
  const [row] = await t.db.insert(packages).values(values).returning({ id: packages.id });
  return { packageId: row?.id ?? '' };
}

async function tableFee() {
  const values = { code: unique('TBL_').toUpperCase(), nameLo: 'ຄ່າທົດລອງ', nameEn: 'Table fee', amount: 1 };
  const [row] = await t.db.insert(fees).values(values).returning({ id: fees.id });
  return { feeId: row?.id ?? '' };
}

const LOWER: Record<Role, Role> = {
  'SUPER-ADMIN': 'ADMIN',
  ADMIN: 'AGENT',
  AGENT: 'MANAGER',
  MANAGER: 'SHOP',
  SHOP: 'SHOP',
};

let t: TestApp;
let fake: FakeWhatsApp;
beforeAll(async () => {
  // WhatsApp set up (a fake Cloud API), so every messaging call can succeed; nothing is sent (no workers).
  fake = await FakeWhatsApp.start({ webhookUrl: null });
  t = await createTestApp({ ...peerEnv(fake, null), WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A fresh scene per case: tokens get revoked and users deleted by the calls under test. */
async function scene(who: Who): Promise<Scene> {
  const role: Role = who === 'none' ? 'ADMIN' : who;
  let shopId: string;
  let actor: Person;
  if (role === 'AGENT') {
    actor = await signedIn(t, role);
    shopId = (await insertShop(t.db, { agentId: actor.id })).id;
  } else if (role === 'MANAGER' || role === 'SHOP') {
    shopId = (await insertShop(t.db)).id;
    actor = await signedIn(t, role, { shopId });
  } else {
    actor = await signedIn(t, role);
    shopId = (await insertShop(t.db)).id;
  }
  const lowerRole = LOWER[role];
  const lower = await signedIn(
    t,
    lowerRole,
    lowerRole === 'MANAGER' || lowerRole === 'SHOP' ? { shopId } : {},
  );
  const [bicycle] = await t.db.insert(priceRules).values({ shopId, vehicleType: 'BICYCLE' }).returning();
  const motorbike = await findRuleByType(t.db, shopId, 'MOTORBIKE');
  const [shop] = await t.db.select({ seq: shops.seq }).from(shops).where(eq(shops.id, shopId));
  const reference = newReference(shop?.seq ?? 1);
  const [bill] = await t.db
    .insert(bills)
    .values({ shopId, reference, number: 1, vehicleType: 'MOTORBIKE', businessDate: '2026-11-23' })
    .returning({ id: bills.id });
  await t.db.insert(shopBillCounters).values({ shopId, lastNumber: 1 });
  return {
    actor,
    shopId,
    lower,
    motorbikeRuleId: motorbike?.id ?? '',
    bicycleRuleId: bicycle?.id ?? '',
    bill: { id: String(bill?.id), reference },
    extra: {},
  };
}

const cases = endpoints.flatMap((endpoint) =>
  WHO.map((who, i) => ({
    endpoint: endpoint.name,
    who,
    outcome: endpoint.expect[i] as Outcome,
    row: endpoint,
  })),
);

describe('role × endpoint table', () => {
  it('has one row for every /v1 and /bot/v1 route in the OpenAPI document', () => {
    const tableRoutes = new Set(endpoints.map((e) => e.name));
    expect(tableRoutes.size).toBe(endpoints.length);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths)
      .filter(([p]) => /^\/parking-hub-api\/(bot\/)?v1\//.test(p))
      .flatMap(([p, ops]) =>
        Object.keys(ops).map(
          (m) =>
            `${m.toUpperCase()} ${p.replace('/parking-hub-api/v1/', '').replace('/parking-hub-api/bot/v1/', 'bot/')}`,
        ),
      );
    const normalise = (name: string) => name.replace(/\{[^}]+\}/g, '{}');
    expect(documented.map(normalise).sort()).toEqual([...tableRoutes].map(normalise).sort());
  });

  it.each(cases)('$endpoint as $who → $outcome', async ({ who, outcome, row }) => {
    const s = await scene(who);
    if (row.setup) Object.assign(s.extra, await row.setup(s));
    const auditBefore = await t.db.$count(auditEvents);
    const body = row.body?.(s);
    const token = who === 'none' ? {} : { token: s.actor.token };
    const headers = row.headers ? { headers: row.headers(body) } : {};
    const res = row.file
      ? await callMultipart(t.app, row.path(s), body as Record<string, string>, row.file, token)
      : await call(t.app, row.method, row.path(s), {
          ...token,
          ...headers,
          ...(body !== undefined ? { body } : {}),
        });
    if (outcome === 'ok') {
      expect(res.statusCode, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(300);
      // The webhook's verification answers the challenge as text, not an envelope.
      if (typeof res.body === 'object') expect(res.body.status).toBe('success');
    } else {
      expect(res.statusCode, JSON.stringify(res.body)).toBe(outcome);
      expect(res.body).toMatchObject({ status: 'error', message: expect.any(String) });
      expect(await t.db.$count(auditEvents)).toBe(auditBefore);
    }
  });
});

/** A multipart/form-data request (fields and one file `file`), as a browser builds it. */
async function callMultipart(
  app: ZodApp,
  path: string,
  fields: Record<string, string>,
  file: Buffer,
  options: { token?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'file.png');
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url: `/parking-hub-api/v1/${path}`,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers };
}
