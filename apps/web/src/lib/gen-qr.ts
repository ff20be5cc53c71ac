import type { GenQrBody, GenQrResult } from '@parking-hub/contracts/bills';
import { api, dataOf } from './api-client';

/**
 * POST /gen-qr: the Lao QR to pay a parked bill's fee now (`{ reference }`) or an amount to a shop
 * (`{ shopId, amount }`). It sits at the site root, not under the API base (spec §7).
 */
export async function genQr(body: GenQrBody, signal?: AbortSignal): Promise<GenQrResult> {
  return dataOf(await api.post<GenQrResult>('/gen-qr', body, { signal, siteRoot: true }));
}
