import type { RentReportBody } from '@parking-hub/contracts/rent';

/** Rent's query keys: any change (a payment, an adjustment) refetches every list, detail and charge. */
export const rentKeys = {
  all: ['rent'] as const,
  lists: () => [...rentKeys.all, 'list'] as const,
  list: (filters: Partial<RentReportBody>) => [...rentKeys.lists(), filters] as const,
  detail: (id: string) => [...rentKeys.all, 'detail', id] as const,
  charges: (filters: object) => [...rentKeys.all, 'charges', filters] as const,
  fees: () => [...rentKeys.all, 'fees'] as const,
  wallet: () => [...rentKeys.all, 'wallet'] as const,
  publicInvoice: (token: string) => ['public-invoice', token] as const,
};
