import type {
  LowPaperBody,
  LowPaperRow,
  RollSettings,
  RollStock,
  TicketCheck,
  TicketCheckBody,
} from '@parking-hub/contracts/rolls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rollKeys } from './keys';

/** POST /v1/rolls/stock: each agent's stock (an agent: their own). */
export const getStock = () => api.post<RollStock[]>('/v1/rolls/stock', {});

export function useStock(enabled = true) {
  return useQuery({ queryKey: rollKeys.stock(), queryFn: getStock, enabled });
}

export interface LowPaperMeta {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  lowPaperDays: number;
  lowCount: number;
}

/** POST /v1/rolls/low-paper */
export const getLowPaper = (filters: Partial<LowPaperBody>, signal?: AbortSignal) =>
  api.post<LowPaperRow[], LowPaperMeta>('/v1/rolls/low-paper', filters, { signal });

export function useLowPaper(filters: Partial<LowPaperBody>) {
  return useQuery({
    queryKey: rollKeys.lowPaper(filters),
    queryFn: ({ signal }) => getLowPaper(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/rolls/ticket-check */
export const getTicketCheck = (
  filters: TicketCheckBody | Omit<TicketCheckBody, 'page' | 'pageSize'>,
  signal?: AbortSignal,
) => api.post<TicketCheck>('/v1/rolls/ticket-check', filters, { signal });

export function useTicketCheck(filters: Omit<TicketCheckBody, 'page' | 'pageSize'> & { page?: number }) {
  return useQuery({
    queryKey: rollKeys.ticketCheck(filters),
    queryFn: ({ signal }) => getTicketCheck(filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/rolls/settings, POST /v1/rolls/settings (admins). */
export function useRollSettings() {
  return useQuery({
    queryKey: rollKeys.settings(),
    queryFn: () => api.get<RollSettings>('/v1/rolls/settings'),
  });
}

export function useSaveRollSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RollSettings) => api.post<RollSettings>('/v1/rolls/settings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollKeys.all }),
  });
}
