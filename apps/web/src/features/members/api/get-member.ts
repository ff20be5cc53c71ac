import type { MemberDetail } from '@parking-hub/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** GET /v1/membership/member/{memberId}: the member, their payments and their last visits. */
export async function getMember(id: string, signal?: AbortSignal): Promise<MemberDetail> {
  return dataOf(await api.get<MemberDetail>(`/v1/membership/member/${encodeURIComponent(id)}`, { signal }));
}

export function useMember(id: string | null) {
  return useQuery({
    queryKey: memberKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getMember(id ?? '', signal),
    enabled: !!id,
  });
}
