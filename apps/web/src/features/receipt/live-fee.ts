import type { FeeResultDto, PublicBill } from '@parking-hub/contracts/bills';
import { calculateFee } from '@parking-hub/contracts/fee';

/**
 * How far the phone's clock is behind the server's (ms to add to Date.now()), from the server's
 * time in its answer and when the answer arrived. A phone set an hour wrong still shows the fee
 * the gate will charge.
 */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** The fee at `now` (server time): recomputed from the tariff while parked, else what was charged. */
export function feeAt(bill: PublicBill, now: number): FeeResultDto | null {
  if (bill.status !== 'PARKED' || !bill.rule) return bill.fee;
  return calculateFee({
    rule: bill.rule,
    checkInAt: new Date(bill.checkInAt),
    checkOutAt: new Date(Math.max(now, Date.parse(bill.checkInAt))),
    hours: { timezone: bill.shop.timezone, openShop: bill.shop.openShop, closeShop: bill.shop.closeShop },
    member: bill.member,
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A running stay as a stopwatch: days apart, then 'H:MM:SS'. */
export function stopwatch(fromIso: string, now: number): { days: number; clock: string } {
  const seconds = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 1000));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = `${Math.floor(rest / 3600)}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, clock };
}
