import type {
  AppVersion,
  createAppVersionBodySchema,
  updateAppVersionBodySchema,
} from '@parking-hub/contracts/app-versions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useVersionMutation } from './use-version-mutation';

export type CreateAppVersionInput = z.input<typeof createAppVersionBodySchema>;
export type UpdateAppVersionInput = z.input<typeof updateAppVersionBodySchema>;

/** POST /v1/version-app/create */
export function createAppVersion(body: CreateAppVersionInput) {
  return api.post<AppVersion>('/v1/version-app/create', body);
}

/** POST /v1/version-app/update: the fields sent change (the platform stays). */
export function updateAppVersion(body: UpdateAppVersionInput) {
  return api.post<AppVersion>('/v1/version-app/update', body);
}

export const useCreateAppVersion = () => useVersionMutation(createAppVersion);
export const useUpdateAppVersion = () => useVersionMutation(updateAppVersion);
