import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { WalletList } from '@parking-hub/contracts/finance';
import type { Fee } from '@parking-hub/contracts/packages';
import type {
  Charge,
  CreateChargeBody,
  DailySummaryResult,
  GenerateInvoicesBody,
  GenerateInvoicesResult,
  Invoice,
  InvoiceDetail,
  PayInvoiceBody,
  PublicInvoice,
  RentReportBody,
  RentTotals,
  ReversePaymentBody,
  SendInvoicesBody,
  SendInvoicesResult,
  UpdateInvoiceBody,
} from '@parking-hub/contracts/rent';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, dataOf } from '../../../lib/api-client';
import { rentKeys } from './keys';

export type RentFilters = Partial<RentReportBody>;
export type RentMeta = PageMeta & { totals: RentTotals };

/** POST /v1/report-rent?page=N: a page of invoices and the totals over every invoice the filters match. */
export function getRentReport(filters: RentFilters, signal?: AbortSignal) {
  const { page = 1, ...body } = filters;
  return api.post<Invoice[], RentMeta>('/v1/report-rent', body, { query: { page }, signal });
}

export function useRentReport(filters: RentFilters, enabled = true) {
  return useQuery({
    queryKey: rentKeys.list(filters),
    queryFn: ({ signal }) => getRentReport(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /v1/invoice/{invoiceId}: lines, payments, the public link and the shop's wallet balance. */
export async function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return dataOf(await api.get<InvoiceDetail>(`/v1/invoice/${encodeURIComponent(id)}`, { signal }));
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: rentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getInvoice(id ?? '', signal),
    enabled: !!id,
  });
}

/** GET /v1/wallet: the balances of the shops in scope (a manager: their own shop's). */
export function useWalletBalances(enabled: boolean) {
  return useQuery({
    queryKey: rentKeys.wallet(),
    queryFn: async ({ signal }) => dataOf(await api.get<WalletList>('/v1/wallet', { signal })),
    enabled,
  });
}

/** GET /v1/fees: the fee list a charge may be taken from. */
export function useFees(enabled: boolean) {
  return useQuery({
    queryKey: rentKeys.fees(),
    queryFn: async ({ signal }) => dataOf(await api.get<Fee[]>('/v1/fees', { signal })),
    staleTime: 60_000,
    enabled,
  });
}

export type ChargeFilters = { page?: number; shopId?: string; pending?: boolean };

/** POST /v1/rent/charges?page=N: one-off charges (pending: not on an invoice yet). */
export function useCharges(filters: ChargeFilters, enabled = true) {
  return useQuery({
    queryKey: rentKeys.charges(filters),
    queryFn: ({ signal }) => {
      const { page = 1, ...body } = filters;
      return api.post<Charge[]>('/v1/rent/charges', body, { query: { page }, signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A mutation that refreshes every rent list and detail (and the wallet balances) once it succeeds. */
function useRentMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rentKeys.all }),
  });
}

export const usePayInvoice = () =>
  useRentMutation((body: PayInvoiceBody) => api.post<unknown>('/v1/invoice/paid', body));

export const useReversePayment = () =>
  useRentMutation((body: ReversePaymentBody) => api.post<unknown>('/v1/invoice/payment/reverse', body));

export const useUpdateInvoice = () =>
  useRentMutation((body: UpdateInvoiceBody) => api.post<InvoiceDetail>('/v1/invoice/update', body));

/** DELETE /v1/invoice/{invoiceId} with the reason in the body. */
export const useVoidInvoice = () =>
  useRentMutation(({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
    apiRequest<unknown>(`/v1/invoice/${encodeURIComponent(invoiceId)}`, {
      method: 'DELETE',
      body: { reason },
    }),
  );

export const useSendInvoices = (again: boolean) =>
  useRentMutation((body: SendInvoicesBody) =>
    api.post<SendInvoicesResult>(again ? '/v1/resent-manual-summary-rent' : '/v1/sent/manual-summary', body),
  );

export const useGenerateInvoices = () =>
  useRentMutation((body: GenerateInvoicesBody) =>
    api.post<GenerateInvoicesResult>('/v1/manual-summary-rent', body),
  );

export const useCreateCharge = () =>
  useRentMutation((body: CreateChargeBody) => api.post<Charge>('/v1/rent/charge/create', body));

export const useDeleteCharge = () =>
  useRentMutation((id: string) => api.delete<unknown>(`/v1/rent/charge/${encodeURIComponent(id)}`));

export const useDailySummary = () =>
  useRentMutation((body: { day?: string }) => api.post<DailySummaryResult>('/v1/report-daily', body));

/** GET /v1/public/invoice/{token}: no sign-in; what the shop sees. */
export async function getPublicInvoice(token: string, signal?: AbortSignal): Promise<PublicInvoice> {
  return dataOf(await api.get<PublicInvoice>(`/v1/public/invoice/${encodeURIComponent(token)}`, { signal }));
}

export function usePublicInvoice(token: string) {
  return useQuery({
    queryKey: rentKeys.publicInvoice(token),
    queryFn: ({ signal }) => getPublicInvoice(token, signal),
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
}
