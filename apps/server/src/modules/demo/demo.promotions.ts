import { calendarDate } from '@parking-hub/contracts/business-day';
import type pg from 'pg';
import type { DemoShop } from './demo.bills.ts';

/** The first day of the month `offset` months from `date`'s, and the last day of a month. */
function monthStart(date: string, offset: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 10);
}
const monthEnd = (date: string, offset: number) =>
  new Date(new Date(`${monthStart(date, offset + 1)}T00:00:00Z`).getTime() - 86_400_000)
    .toISOString()
    .slice(0, 10);

interface DemoPromotion {
  title: string;
  body: string;
  discountType: 'PERCENT' | 'AMOUNT' | 'FREE_MONTHS';
  discountValue: number;
  validFrom: string;
  validUntil: string;
  packageIds: string[];
  audience: 'ALL' | 'AGENT' | 'SHOPS' | 'NEW_SHOPS';
  agentId: string | null;
  shopIds: string[];
  maxUses: number | null;
  active: boolean;
  ownerAgentId: string | null;
}

/**
 * A few promotions on rent, as the platform and its agents run them: one for every shop, free
 * months for new shops, one on the dearest package (none listed when the demo has no packages),
 * one over, one switched off, and two made by agents for their own shops.
 */
export async function seedDemoPromotions(
  db: pg.ClientBase,
  input: { agents: string[]; shops: DemoShop[]; now: Date; createdBy: string | null },
): Promise<number> {
  const today = calendarDate(input.now, 'Asia/Vientiane');
  const packages = await db.query<{ id: string }>(
    'select id from packages where active order by monthly_price desc limit 1',
  );
  const dearest = packages.rows.map((r) => r.id);
  const [agent1 = null, agent2 = null] = input.agents;
  const ofAgent2 = input.shops.filter((s) => s.agentId === agent2 && s.parentId === null).map((s) => s.id);
  const base = {
    packageIds: [],
    agentId: null,
    shopIds: [],
    maxUses: null,
    active: true,
    ownerAgentId: null,
  };
  const list: DemoPromotion[] = [
    {
      ...base,
      title: 'ຫຼຸດຄ່າເຊົ່າ 15% ທຸກຮ້ານ',
      body: 'ຕ້ອນຮັບປີໃໝ່: ທຸກຮ້ານໄດ້ຮັບສ່ວນຫຼຸດຄ່າເຊົ່າ 15% ເປັນເວລາສອງເດືອນ',
      discountType: 'PERCENT',
      discountValue: 15,
      validFrom: monthStart(today, 0),
      validUntil: monthEnd(today, 1),
      audience: 'ALL',
    },
    {
      ...base,
      title: 'ຮ້ານໃໝ່ໃຊ້ຟຣີ 1 ເດືອນ',
      body: 'ຮ້ານທີ່ເປີດໃໝ່ບໍ່ຕ້ອງຈ່າຍຄ່າເຊົ່າເດືອນທຳອິດ',
      discountType: 'FREE_MONTHS',
      discountValue: 1,
      validFrom: monthStart(today, -1),
      validUntil: monthEnd(today, 5),
      audience: 'NEW_SHOPS',
      maxUses: 50,
    },
    {
      ...base,
      title: 'ຫຼຸດ 50,000 ₭ ແພັກເກັດໃຫຍ່',
      body: 'ສຳລັບຮ້ານທີ່ອັບເກຣດເປັນແພັກເກັດໃຫຍ່ ເລີ່ມເດືອນໜ້າ',
      discountType: 'AMOUNT',
      discountValue: 50_000,
      validFrom: monthStart(today, 1),
      validUntil: monthEnd(today, 3),
      packageIds: dearest,
      audience: 'ALL',
    },
    {
      ...base,
      title: 'ບຸນທາດຫຼວງ ຫຼຸດ 20%',
      body: 'ສ່ວນຫຼຸດຊ່ວງບຸນທາດຫຼວງ (ໝົດແລ້ວ)',
      discountType: 'PERCENT',
      discountValue: 20,
      validFrom: monthStart(today, -3),
      validUntil: monthEnd(today, -3),
      audience: 'ALL',
    },
    {
      ...base,
      title: 'ທົດລອງ: ຫຼຸດ 5% (ປິດໄວ້)',
      body: '',
      discountType: 'PERCENT',
      discountValue: 5,
      validFrom: monthStart(today, 0),
      validUntil: monthEnd(today, 2),
      audience: 'ALL',
      active: false,
    },
  ];
  if (agent1)
    list.push({
      ...base,
      title: 'ລູກຄ້າຂອງສົມສັກ ຫຼຸດ 10%',
      body: 'ຂອບໃຈທີ່ໃຊ້ບໍລິການ: ຮ້ານທີ່ຂ້ອຍດູແລຫຼຸດຄ່າເຊົ່າ 10% ສາມເດືອນ',
      discountType: 'PERCENT',
      discountValue: 10,
      validFrom: monthStart(today, 0),
      validUntil: monthEnd(today, 2),
      audience: 'AGENT',
      agentId: agent1,
      ownerAgentId: agent1,
    });
  if (agent2 && ofAgent2.length > 0)
    list.push({
      ...base,
      title: 'ຫຼຸດ 30,000 ₭ ຮ້ານທີ່ເລືອກ',
      body: 'ສ່ວນຫຼຸດສຳລັບຮ້ານທີ່ຕໍ່ສັນຍາກັບພອນທິບ',
      discountType: 'AMOUNT',
      discountValue: 30_000,
      validFrom: monthStart(today, 0),
      validUntil: monthEnd(today, 1),
      audience: 'SHOPS',
      shopIds: ofAgent2.slice(0, 2),
      maxUses: 10,
      ownerAgentId: agent2,
    });
  for (const p of list) {
    await db.query(
      `insert into promotions (title, body, discount_type, discount_value, valid_from, valid_until, package_ids,
         audience, agent_id, shop_ids, max_uses, active, owner_agent_id, created_by)
       values ($1, $2, $3, $4, $5, $6, $7::uuid[], $8, $9, $10::uuid[], $11, $12, $13, $14)`,
      [
        p.title,
        p.body,
        p.discountType,
        p.discountValue,
        p.validFrom,
        p.validUntil,
        p.packageIds,
        p.audience,
        p.agentId,
        p.shopIds,
        p.maxUses,
        p.active,
        p.ownerAgentId,
        p.ownerAgentId ?? input.createdBy,
      ],
    );
  }
  return list.length;
}
