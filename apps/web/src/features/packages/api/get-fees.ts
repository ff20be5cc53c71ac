import type { Fee } from '@parking-hub/contracts/packages';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { packageKeys } from '../../../lib/query-keys';

/** GET /v1/fees: the other chargeable items (paper roll, set-up, extra user, printer…). */
export async function getFees(signal?: AbortSignal): Promise<Fee[]> {
  return dataOf(await api.get<Fee[]>('/v1/fees', { signal }));
}

export function useFees() {
  return useQuery({ queryKey: packageKeys.fees(), queryFn: ({ signal }) => getFees(signal) });
}
