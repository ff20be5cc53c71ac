import type { OutboxMessage, testWhatsappBodySchema } from '@parking-hub/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

export type TestWhatsappInput = z.input<typeof testWhatsappBodySchema>;

/** POST /v1/test-whatsapp: the test template (or a text) to a number; answers the outbox row. */
export function testWhatsapp(body: TestWhatsappInput) {
  return api.post<OutboxMessage>('/v1/test-whatsapp', body);
}

export function useTestWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWhatsapp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
