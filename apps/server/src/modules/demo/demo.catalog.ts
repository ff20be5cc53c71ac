import { defaultFeeRule, type FeeRule } from '@parking-hub/contracts/prices';
import type { VehicleType } from '@parking-hub/contracts/vehicles';

/**
 * The kinds of car parks the demo is made of: real Vientiane places, each with its own hours,
 * tariffs, traffic shape and customers. `--shops N` cycles through them.
 */
export interface ShopTemplate {
  code: string;
  name: string;
  address: string;
  openShop: string | null;
  closeShop: string | null;
  /** Bills on an ordinary day, before the weekday factor and noise. */
  perDay: number;
  /** Sunday … Saturday. */
  weekday: readonly [number, number, number, number, number, number, number];
  /** Check-ins per hour of the local day (0 … 23); 0 outside the opening hours. */
  hourly: readonly number[];
  /** How long vehicles stay: the median in minutes and the log-normal spread. */
  stay: { median: number; sigma: number; carFactor: number };
  mix: Partial<Record<VehicleType, number>>;
  rules: Partial<Record<VehicleType, Partial<FeeRule>>>;
  qr: boolean;
  members: number;
  branch: string | null;
  agent: 0 | 1;
}

const h = (pairs: Record<number, number>) => Array.from({ length: 24 }, (_, i) => pairs[i] ?? 0);
const flat = (fee: number, extra: Partial<FeeRule> = {}): Partial<FeeRule> => ({
  mode: 'FLAT',
  flatFee: fee,
  ...extra,
});

export const TEMPLATES: readonly ShopTemplate[] = [
  {
    code: 'TLS',
    name: 'ບ່ອນຈອດລົດ ຕະຫຼາດເຊົ້າ',
    address: 'ຖະໜົນລ້ານຊ້າງ, ບ້ານຫັດສະດີ, ເມືອງຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: '07:00',
    closeShop: '18:00',
    perDay: 420,
    weekday: [1.35, 0.9, 0.95, 0.95, 1, 1.1, 1.4],
    hourly: h({ 7: 6, 8: 9, 9: 10, 10: 9, 11: 8, 12: 7, 13: 6, 14: 6, 15: 7, 16: 8, 17: 5 }),
    stay: { median: 55, sigma: 0.7, carFactor: 1.3 },
    mix: { MOTORBIKE: 78, CAR: 17, BICYCLE: 5 },
    rules: {
      MOTORBIKE: flat(2000, { lostTicketFee: 20_000 }),
      CAR: flat(5000, { lostTicketFee: 50_000 }),
      BICYCLE: flat(1000),
    },
    qr: true,
    // Market traders on monthly passes: the first demo manager (manager-tls) sees members.
    members: 35,
    branch: 'ບ່ອນຈອດລົດ ຕະຫຼາດເຊົ້າ ອາຄານ 2',
    agent: 0,
  },
  {
    code: 'MTP',
    name: 'ບ່ອນຈອດລົດ ໂຮງໝໍມິດຕະພາບ',
    address: 'ຖະໜົນ T4, ບ້ານພອນສະຫວັນ, ເມືອງໄຊເສດຖາ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: null,
    closeShop: null,
    perDay: 260,
    weekday: [0.65, 1.15, 1.1, 1.05, 1.05, 1.05, 0.75],
    hourly: h({
      0: 1,
      1: 1,
      2: 1,
      3: 1,
      4: 1,
      5: 2,
      6: 5,
      7: 10,
      8: 12,
      9: 11,
      10: 9,
      11: 7,
      12: 6,
      13: 7,
      14: 7,
      15: 6,
      16: 5,
      17: 5,
      18: 4,
      19: 3,
      20: 2,
      21: 2,
      22: 1,
      23: 1,
    }),
    stay: { median: 150, sigma: 0.9, carFactor: 1 },
    mix: { MOTORBIKE: 72, CAR: 26, MINIBUS: 2 },
    rules: {
      MOTORBIKE: {
        mode: 'TIMED',
        graceMinutes: 10,
        firstPeriodMinutes: 120,
        firstPeriodFee: 2000,
        nextPeriodMinutes: 60,
        nextPeriodFee: 1000,
        dailyCap: 10_000,
        overnightFee: 5000,
        lostTicketFee: 30_000,
      },
      CAR: {
        mode: 'TIMED',
        graceMinutes: 10,
        firstPeriodMinutes: 60,
        firstPeriodFee: 5000,
        nextPeriodMinutes: 60,
        nextPeriodFee: 3000,
        dailyCap: 30_000,
        overnightFee: 10_000,
        lostTicketFee: 50_000,
      },
      MINIBUS: flat(10_000),
    },
    qr: true,
    members: 40,
    branch: null,
    agent: 0,
  },
  {
    code: 'NMR',
    name: 'ບ່ອນຈອດລົດ ຕະຫຼາດກາງຄືນ ຣິມຂອງ',
    address: 'ຖະໜົນຟ້າງູ້ມ, ບ້ານມີໄຊ, ເມືອງຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: '18:00',
    closeShop: '02:00',
    perDay: 300,
    weekday: [1.1, 0.8, 0.8, 0.85, 0.95, 1.45, 1.6],
    hourly: h({ 18: 8, 19: 12, 20: 11, 21: 8, 22: 5, 23: 3, 0: 1, 1: 1 }),
    stay: { median: 95, sigma: 0.6, carFactor: 1.1 },
    mix: { MOTORBIKE: 82, CAR: 18 },
    rules: {
      MOTORBIKE: flat(3000, { overnightFee: 10_000, lostTicketFee: 20_000 }),
      CAR: flat(10_000, { overnightFee: 20_000, lostTicketFee: 50_000 }),
    },
    qr: false,
    members: 0,
    branch: 'ບ່ອນຈອດລົດ ຕະຫຼາດກາງຄືນ ສີເມືອງ',
    agent: 1,
  },
  {
    code: 'VTC',
    name: 'ບ່ອນຈອດລົດ ວຽງຈັນເຊັນເຕີ',
    address: 'ຖະໜົນຄູວຽງ, ບ້ານໂພນທັນ, ເມືອງໄຊເສດຖາ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: '09:00',
    closeShop: '22:00',
    perDay: 350,
    weekday: [1.45, 0.85, 0.85, 0.9, 0.95, 1.1, 1.5],
    hourly: h({ 9: 3, 10: 5, 11: 8, 12: 9, 13: 7, 14: 6, 15: 6, 16: 7, 17: 9, 18: 10, 19: 8, 20: 4, 21: 1 }),
    stay: { median: 110, sigma: 0.6, carFactor: 1.2 },
    mix: { MOTORBIKE: 60, CAR: 37, MINIBUS: 3 },
    rules: {
      MOTORBIKE: {
        mode: 'TIMED',
        graceMinutes: 15,
        firstPeriodMinutes: 180,
        firstPeriodFee: 3000,
        nextPeriodMinutes: 60,
        nextPeriodFee: 1000,
        dailyCap: 15_000,
        lostTicketFee: 30_000,
      },
      CAR: {
        mode: 'TIMED',
        graceMinutes: 15,
        firstPeriodMinutes: 120,
        firstPeriodFee: 10_000,
        nextPeriodMinutes: 60,
        nextPeriodFee: 5000,
        dailyCap: 50_000,
        lostTicketFee: 100_000,
      },
      MINIBUS: flat(20_000),
    },
    qr: true,
    members: 25,
    branch: null,
    agent: 1,
  },
  {
    code: 'NUL',
    name: 'ບ່ອນຈອດລົດ ມະຫາວິທະຍາໄລແຫ່ງຊາດ ດົງໂດກ',
    address: 'ບ້ານດົງໂດກ, ເມືອງໄຊທານີ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: '06:30',
    closeShop: '20:00',
    perDay: 380,
    weekday: [0.25, 1.2, 1.2, 1.2, 1.2, 1.15, 0.4],
    hourly: h({
      6: 6,
      7: 14,
      8: 8,
      9: 4,
      10: 3,
      11: 5,
      12: 7,
      13: 6,
      14: 3,
      15: 2,
      16: 2,
      17: 2,
      18: 1,
      19: 1,
    }),
    stay: { median: 240, sigma: 0.5, carFactor: 1 },
    mix: { MOTORBIKE: 86, CAR: 8, BICYCLE: 6 },
    rules: { MOTORBIKE: flat(2000), CAR: flat(5000), BICYCLE: flat(1000) },
    qr: false,
    members: 60,
    branch: null,
    agent: 0,
  },
  {
    code: 'SBT',
    name: 'ບ່ອນຝາກລົດ ສະຖານີລົດເມສາຍໃຕ້',
    address: 'ກິໂລແມັດ 9, ເມືອງໄຊທານີ, ນະຄອນຫຼວງວຽງຈັນ',
    openShop: '05:00',
    closeShop: '23:00',
    perDay: 200,
    weekday: [1.3, 0.9, 0.9, 0.9, 1, 1.25, 1.2],
    hourly: h({
      5: 8,
      6: 10,
      7: 9,
      8: 7,
      9: 5,
      10: 4,
      11: 3,
      12: 3,
      13: 4,
      14: 5,
      15: 6,
      16: 6,
      17: 5,
      18: 4,
      19: 3,
      20: 2,
      21: 1,
      22: 1,
    }),
    stay: { median: 600, sigma: 1.1, carFactor: 1 },
    mix: { MOTORBIKE: 74, CAR: 20, TRUCK: 6 },
    rules: {
      MOTORBIKE: {
        mode: 'TIMED',
        graceMinutes: 10,
        firstPeriodMinutes: 240,
        firstPeriodFee: 5000,
        nextPeriodMinutes: 240,
        nextPeriodFee: 5000,
        dailyCap: 15_000,
        overnightFee: 10_000,
        lostTicketFee: 30_000,
      },
      CAR: {
        mode: 'TIMED',
        graceMinutes: 10,
        firstPeriodMinutes: 240,
        firstPeriodFee: 15_000,
        nextPeriodMinutes: 240,
        nextPeriodFee: 10_000,
        dailyCap: 40_000,
        overnightFee: 20_000,
        lostTicketFee: 100_000,
      },
      TRUCK: flat(30_000, { overnightFee: 30_000 }),
    },
    qr: true,
    members: 30,
    branch: null,
    agent: 1,
  },
];

/** A template's rule for a vehicle type as a whole FeeRule. */
export function fullRule(partial: Partial<FeeRule>): FeeRule {
  return { ...defaultFeeRule(0), ...partial };
}

export const AGENTS = [
  { username: 'agent1', fullName: 'ສົມສັກ ວົງສະຫວັນ', phone: '02055510001' },
  { username: 'agent2', fullName: 'ພອນທິບ ແກ້ວມະນີ', phone: '02055510002' },
] as const;

export const STAFF_NAMES = [
  'ບົວລາ ສີສຸວັນ',
  'ແສງເດືອນ ພົມມະຈັນ',
  'ຄຳພອນ ໄຊຍະວົງ',
  'ນາລີ ອິນທະວົງ',
  'ສຸກສະຫວັນ ດວງມາລາ',
  'ວັນນາ ສີປະເສີດ',
  'ທອງດີ ແສງອາລຸນ',
  'ມະນີວອນ ຈັນທະລາ',
];

export const CANCEL_REASONS = ['ພິມຜິດ', 'ລູກຄ້າປ່ຽນໃຈ', 'ພິມຊ້ຳສອງໃບ', 'ປ້ອນປະເພດລົດຜິດ', 'ລູກຄ້າບໍ່ຈອດ'];

/** Lao plates: two consonants of the province series and four digits. */
export const PLATE_SERIES = ['ກຂ', 'ກງ', 'ຂຄ', 'ນວ', 'ຫຍ', 'ພກ', 'ສບ', 'ລນ', 'ກທ', 'ບຈ'];

export const QR_BANKS = ['27710418', '32170418', '70030418'];
