import type {
  Commission,
  CompensationBody,
  CompensationRow,
  compensationMetaSchema,
} from '@parking-hub/contracts/finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, dataOf } from '../../../lib/api-client';
import { compensationKeys } from './keys';

export type CompensationMeta = z.infer<typeof compensationMetaSchema>;

/** POST /v1/compensation?page=N: per agent and month (an agent gets their own rows only). */
export function getCompensation(body: Partial<CompensationBody>, signal?: AbortSignal) {
  return api.post<CompensationRow[], CompensationMeta>('/v1/compensation', body, {
    query: { page: body.page ?? 1 },
    signal,
  });
}

export function useCompensation(body: Partial<CompensationBody>) {
  return useQuery({
    queryKey: compensationKeys.list(body),
    queryFn: ({ signal }) => getCompensation(body, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/compensation/detail: each payment's commission in an agent's month (reversals negative). */
export async function getCompensationDetail(agentId: string, month: string, signal?: AbortSignal) {
  return dataOf(await api.post<Commission[]>('/v1/compensation/detail', { agentId, month }, { signal }));
}

export function useCompensationDetail(agentId: string, month: string) {
  return useQuery({
    queryKey: compensationKeys.detail(agentId, month),
    queryFn: ({ signal }) => getCompensationDetail(agentId, month, signal),
  });
}
