import type { DemoShop } from './demo.bills.ts';
import { laoDay, laoTime, minutesOf, type Person, type Trail, weekday } from './demo.trail-events.ts';

/**
 * The last days of the demo whose sign-ins are in the trail. A sign-in a day for everyone over two
 * years would be most of the trail and say nothing more; older days keep their cancellations,
 * corrections and lost tickets, and the setup weeks their sign-ins.
 */
export const SIGN_IN_DAYS = 30;

interface Shift {
  person: Person;
  /** Minutes after midnight of the day's sign-in; null: not today. */
  time: (day: number) => number | null;
}

/** Whether a shop is open at a minute of the day (closing after midnight too). */
function openAt(shop: DemoShop, minute: number): boolean {
  const { openShop, closeShop } = shop.hours;
  if (!openShop || !closeShop) return true;
  const [open, close] = [minutesOf(openShop), minutesOf(closeShop)];
  return close > open ? minute >= open && minute < close : minute >= open || minute < close;
}

const opening = (shop: DemoShop) => (shop.hours.openShop ? minutesOf(shop.hours.openShop) : 6 * 60);

/**
 * Who signs in when: the morning cashier a little before opening, the evening one before 14:00
 * (or at opening when the shop opens later), the manager six days in seven, the agents about
 * twice a week, the office on most weekdays.
 */
function shifts(trail: Trail, person: (id: string) => Person, shops: DemoShop[], office: string[]): Shift[] {
  const rng = trail.rng;
  const list: Shift[] = [];
  const managers = new Set<string>();
  for (const shop of shops) {
    const early = () => Math.max(0, opening(shop) - rng.int(5, 20));
    list.push({ person: person(shop.morning), time: early });
    const late = openAt(shop, 14 * 60) ? () => 14 * 60 - rng.int(5, 20) : early;
    list.push({ person: person(shop.evening), time: late });
    if (managers.has(shop.manager)) continue;
    managers.add(shop.manager);
    const start = Math.max(8 * 60, shop.hours.openShop ? opening(shop) : 0);
    list.push({
      person: person(shop.manager),
      time: () => (rng.chance(1 / 7) ? null : start + rng.int(0, 90)),
    });
  }
  for (const id of new Set([...office, ...shops.map((s) => s.agentId)])) {
    const p = person(id);
    const time =
      p.role === 'AGENT'
        ? () => (rng.chance(2 / 7) ? 9 * 60 + rng.int(0, 120) : null)
        : (day: number) => (weekday(day) % 6 && rng.chance(0.85) ? 8 * 60 + rng.int(0, 60) : null);
    list.push({ person: p, time });
  }
  return list;
}

/** The sign-ins of the demo's last SIGN_IN_DAYS days (none after `now`). */
export function planSignIns(
  trail: Trail,
  person: (id: string) => Person,
  shops: DemoShop[],
  office: string[],
  o: { now: number; days: number },
): void {
  const today = laoDay(o.now);
  const list = shifts(trail, person, shops, office);
  for (let day = today - Math.min(SIGN_IN_DAYS, o.days) + 1; day <= today; day++) {
    for (const shift of list) {
      const minute = shift.time(day);
      const at = minute === null ? null : laoTime(day, minute) + trail.rng.int(0, 59) * 1000;
      if (at !== null && at <= o.now) trail.signIn(shift.person, at);
    }
  }
}
