import type { SessionUser } from '@parking-hub/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { userKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';
import { fetchMe } from '../../../lib/session-user';

/** The signed-in user's e-mail and WhatsApp, as on file now. */
export type OwnContacts = Pick<SessionUser, 'email' | 'whatsapp'>;

/** Read fresh from `/v1/me` each time the account dialog opens (another device may have changed them). */
export function useOwnContacts(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: [...userKeys.detail(userId), 'contacts'],
    queryFn: async (): Promise<OwnContacts> => {
      const me = await fetchMe();
      return { email: me.email, whatsapp: me.whatsapp };
    },
    enabled: enabled && !!userId,
    staleTime: 0,
  });
}
