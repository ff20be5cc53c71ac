import {
  type AgentCap,
  agentCapSchema,
  capOf,
  DEFAULT_AGENT_CAP,
  type DiscountType,
} from '@parking-hub/contracts/promotions';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { readSetting, writeSetting } from '../outbox/settings.repository.ts';

/** The limits admins set on agents' promotions, one row of app_settings. */
export const AGENT_CAP_KEY = 'promotions.agentCap';

/** The cap as stored, or the defaults (a stored value that no longer parses counts as unset). */
export async function readAgentCap(db: Executor): Promise<AgentCap> {
  const stored = agentCapSchema.safeParse(await readSetting(db, AGENT_CAP_KEY));
  return stored.success ? stored.data : DEFAULT_AGENT_CAP;
}

export async function updateAgentCap(db: Db, ctx: AuthedContext, cap: AgentCap): Promise<AgentCap> {
  return db.transaction(async (tx) => {
    const before = await readAgentCap(tx);
    await writeSetting(tx, AGENT_CAP_KEY, cap);
    await audit(tx, ctx, { action: 'promotion.cap', entity: 'promotion_cap', before, after: cap });
    return cap;
  });
}

const kip = (n: number) => n.toLocaleString('en-US');

/** An agent's discount above the cap: 400 on `discountValue`, the message naming the cap. */
export function assertWithinCap(cap: AgentCap, type: DiscountType, value: number) {
  const { max, key } = capOf(cap, type);
  if (value > max) {
    const shown = type === 'AMOUNT' ? kip(max) : String(max);
    throw new AppError(400, key, { cap: shown }, { discountValue: key });
  }
}

/** More running promotions than the cap allows: 409, the message naming the cap. */
export function tooManyRunning(cap: AgentCap) {
  return new AppError(
    409,
    'errors.promotionCapActive',
    { cap: cap.maxActive },
    { active: 'errors.promotionCapActive' },
  );
}
