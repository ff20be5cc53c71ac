import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import type {
  Company,
  CompanyImageKind,
  PublicCompany,
  UpdateCompanyBody,
} from '@parking-hub/contracts/company';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { isoOrNull } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { type CompanyImageUpload, companyImages } from './company.image.ts';
import {
  type CompanyChanges,
  type CompanyRow,
  findCompanyRow,
  lockCompanyRow,
  updateCompanyRow,
} from './company.repository.ts';

const EMPTY: Company = {
  companyName: null,
  branch: null,
  logoPath: null,
  telephone: null,
  whatsapp: null,
  email: null,
  address: null,
  qrImagePath: null,
  qrReceiver: null,
  createdAt: null,
  updatedAt: null,
};

function toCompany(row: CompanyRow | null): Company {
  if (!row) return EMPTY;
  const { id: _id, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: isoOrNull(createdAt), updatedAt: isoOrNull(updatedAt) };
}

/** The profile as saved; every field null while nobody has filled it in. */
export async function getCompany(db: Executor): Promise<Company> {
  return toCompany(await findCompanyRow(db));
}

/** What anyone may see (the footer, the e-receipt): no payment QR, no timestamps. */
export async function getPublicCompany(db: Executor): Promise<PublicCompany> {
  const { qrImagePath: _q, qrReceiver: _r, createdAt: _c, updatedAt: _u, ...visible } = await getCompany(db);
  return visible;
}

const IMAGE_COLUMN = { logo: 'logoPath', qr: 'qrImagePath' } as const satisfies Record<
  CompanyImageKind,
  keyof CompanyRow
>;

function auditCompany(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  change: { before: unknown; after: unknown },
) {
  return audit(tx, ctx, { action, entity: 'company', entityId: '1', ...change });
}

/**
 * The fields sent whose value differs (a field left out stays as it is; null clears it). The QR
 * receiver is compared by value, keys sorted: the same receiver sent again changes nothing.
 */
function changedFields(before: CompanyRow, body: UpdateCompanyBody): CompanyChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (canonicalJson(value) === canonicalJson(before[field as keyof CompanyRow])) continue;
    changes[field] = value;
  }
  return changes as CompanyChanges;
}

/** Save the profile's facts; an unchanged profile is answered as it is, with nothing written. */
export async function updateCompany(db: Db, ctx: AuthedContext, body: UpdateCompanyBody): Promise<Company> {
  return db.transaction(async (tx) => {
    const before = await lockCompanyRow(tx);
    const changes = changedFields(before, body);
    const fields = Object.keys(changes) as Array<keyof CompanyChanges>;
    if (fields.length === 0) return toCompany(before);
    const after = await updateCompanyRow(tx, changes);
    const pick = (row: CompanyRow) => Object.fromEntries(fields.map((f) => [f, row[f]]));
    await auditCompany(tx, ctx, 'company.update', { before: pick(before), after: pick(after) });
    return toCompany(after);
  });
}

/**
 * Point the logo or the payment QR at a new picture, or at none (`image` null). The new file is
 * written first and removed again if the change fails; the old one goes after the commit (best effort).
 */
export async function setCompanyImage(
  db: Db,
  ctx: AuthedContext,
  uploadsDir: string,
  upload: { kind: CompanyImageKind; image: CompanyImageUpload['image'] | null },
): Promise<Company> {
  const images = companyImages(uploadsDir);
  const column = IMAGE_COLUMN[upload.kind];
  const stored = upload.image ? await images.store(upload.image) : null;
  const { after, previous } = await db
    .transaction(async (tx) => {
      const current = await findCompanyRow(tx, true);
      // Removing what is not there changes nothing: no row made, no event written.
      if (!stored && !current?.[column]) return { after: toCompany(current), previous: null };
      const before = current ?? (await lockCompanyRow(tx));
      const changed = await updateCompanyRow(tx, { [column]: stored });
      await auditCompany(tx, ctx, 'company.image', {
        before: { kind: upload.kind, path: before[column] },
        after: { kind: upload.kind, path: changed[column] },
      });
      return { after: toCompany(changed), previous: before[column] };
    })
    .catch(async (err: unknown) => {
      await images.remove(stored);
      throw err;
    });
  await images.remove(previous);
  return after;
}
