import type { PublicNews } from '@parking-hub/contracts/news';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { getPublicCompany } from '../company/company.service.ts';
import { PUBLIC_TOKEN } from '../rent/public-invoice.service.ts';
import { publicNewsRow } from './news.repository.ts';

/**
 * A sent news item as its WhatsApp link opens it (no sign-in): title, text, picture, when, and
 * who sends it. Nothing internal (no ids, audience or counts). A withdrawn one answers 410 in Lao.
 */
export async function publicNews(db: Executor, token: string): Promise<PublicNews> {
  if (!PUBLIC_TOKEN.test(token)) throw notFound('errors.newsNotFound');
  const row = await publicNewsRow(db, token);
  if (!row) throw notFound('errors.newsNotFound');
  if (row.status === 'WITHDRAWN') throw new AppError(410, 'errors.newsWithdrawn');
  const company = await getPublicCompany(db);
  return {
    title: row.title,
    body: row.body,
    imagePath: row.imagePath,
    sentAt: new Date(row.sentAt).toISOString(),
    company: { name: company.companyName || 'Parking Hub', logoPath: company.logoPath },
  };
}
