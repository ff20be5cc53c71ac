import { VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import type { CopyWriter } from './demo.copy.ts';

/** report_daily's columns, in the order `ShopRollup.flush` writes them. */
export const ROLLUP_COPY_COLUMNS = [
  'shop_id',
  'cal_date',
  'biz_date',
  'vehicle_type',
  'staff_id',
  'method',
  'bills_in',
  'bills_out',
  'lost',
  'cancelled',
  'amount',
  'cancelled_amount',
] as const;

/** Payment methods as report_daily keys them: '' for check-ins and cancellations. */
export const ROLLUP_METHODS = ['', 'CASH', 'QR', 'MEMBER', 'FREE'] as const;
const METHOD_BYTES = ROLLUP_METHODS.map((m) => Buffer.from(m));
const TYPE_BYTES = VEHICLE_TYPES.map((t) => Buffer.from(t));

/** Calendar day, business day, type, staff, method, then the six measures. */
type Cell = Float64Array;

/**
 * One shop's report_daily rows, summed while its bills are generated: the same events the
 * `bills_report` trigger and `report_from_bills` count (a check-in; a check-out of a CLOSED or
 * LOST bill, with its method and fee; a cancellation), so the load needs no pass over the bills
 * afterwards. The demo test runs report_check over the result.
 */
export class ShopRollup {
  private readonly cells = new Map<number, Cell>();

  /** `staff`: uuid bytes by the index `add` is given. */
  constructor(
    private readonly shopId: Buffer,
    private readonly staff: readonly Buffer[],
  ) {}

  add(
    calDay: number,
    bizDay: number,
    type: number,
    staff: number,
    method: number,
    measures: readonly [number, number, number, number, number, number],
  ): void {
    const delta = bizDay - calDay + 4;
    if (delta < 0 || delta > 7) throw new Error(`business day ${bizDay} too far from ${calDay}`);
    const key = (((calDay * 8 + delta) * 8 + type) * 8 + staff) * 8 + method;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = Float64Array.of(calDay, bizDay, type, staff, method, 0, 0, 0, 0, 0, 0);
      this.cells.set(key, cell);
    }
    for (let i = 0; i < 6; i++) cell[5 + i] = (cell[5 + i] ?? 0) + (measures[i] ?? 0);
  }

  /** Writes (and forgets) the rows of calendar days before `beforeDay`; all of them by default. */
  flush(out: CopyWriter, beforeDay = Number.POSITIVE_INFINITY): void {
    for (const [key, c] of this.cells) {
      const [calDay = 0, bizDay = 0, type = 0, staff = 0, method = 0] = c;
      if (calDay >= beforeDay) continue;
      out.row(ROLLUP_COPY_COLUMNS.length, 256);
      out.bytes(this.shopId);
      out.date(calDay);
      out.date(bizDay);
      out.bytesOrNull(TYPE_BYTES[type]);
      out.bytesOrNull(this.staff[staff]);
      out.bytesOrNull(METHOD_BYTES[method]);
      for (let i = 5; i < 9; i++) out.int4(c[i] ?? 0);
      out.int8(c[9] ?? 0);
      out.int8(c[10] ?? 0);
      this.cells.delete(key);
    }
  }
}
