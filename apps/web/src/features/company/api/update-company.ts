import type { Company, UpdateCompanyBody } from '@parking-hub/contracts/company';
import type { Envelope } from '@parking-hub/contracts/envelope';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rememberPublicCompany } from '../../../lib/public-company';
import { companyKeys } from '../../../lib/query-keys';

/** POST /v1/company/update (SUPER-ADMIN): the facts; a field left out stays, null clears it. */
export function updateCompany(body: UpdateCompanyBody): Promise<Envelope<Company>> {
  return api.post<Company>('/v1/company/update', body);
}

/** Every write answers the whole profile: it becomes the cache (and the public pages' copy). */
export function keepSavedCompany(queryClient: QueryClient, envelope: Envelope<Company>): void {
  if (!envelope.data) return;
  queryClient.setQueryData(companyKeys.all, envelope.data);
  rememberPublicCompany(envelope.data);
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (envelope) => keepSavedCompany(queryClient, envelope),
  });
}
