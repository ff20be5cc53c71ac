import type { Company, CompanyImageKind } from '@parking-hub/contracts/company';
import type { Envelope } from '@parking-hub/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepSavedCompany } from './update-company';

export type CompanyImageChange = { kind: CompanyImageKind; file: File | null };

/** POST /v1/company/image (multipart: `kind`, then the file `file`); the server checks the bytes again. */
export function uploadCompanyImage({ kind, file }: { kind: CompanyImageKind; file: File }) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return api.post<Company>('/v1/company/image', form);
}

/** POST /v1/company/image/remove: the logo or the payment QR is cleared and its file deleted. */
export function removeCompanyImage(kind: CompanyImageKind) {
  return api.post<Company>('/v1/company/image/remove', { kind });
}

/** A new picture for `kind`, or none (`file` null). */
export function changeCompanyImage({ kind, file }: CompanyImageChange): Promise<Envelope<Company>> {
  return file ? uploadCompanyImage({ kind, file }) : removeCompanyImage(kind);
}

export function useChangeCompanyImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCompanyImage,
    onSuccess: (envelope) => keepSavedCompany(queryClient, envelope),
  });
}
