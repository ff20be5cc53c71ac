import type { BillEvent } from '@parking-hub/contracts/bills';
import type { TFunction } from 'i18next';
import { formatKip } from '../../lib/format';

type Translate = TFunction<['bills', 'common']>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A field's value as the staff read it: vehicle types in words, an empty plate as a dash. */
function shown(t: Translate, field: string, value: unknown): string {
  const v = text(value);
  if (!v) return t('bills:timeline.none');
  return field === 'vehicleType' ? t(`common:vehicles.${v}`) : v;
}

/** The changed fields of a correction, "Plate: AB 12 → AB 123", then its reason. */
function correctionLines(t: Translate, detail: Record<string, unknown>): string[] {
  const before = record(detail.before);
  const after = record(detail.after);
  const lines = ['plate', 'vehicleType']
    .filter((field) => field in before || field in after)
    .map((field) =>
      t('bills:timeline.change', {
        field: t(`bills:detail.${field}`),
        before: shown(t, field, before[field]),
        after: shown(t, field, after[field]),
      }),
    );
  const reason = text(after.reason);
  return reason ? [...lines, t('bills:timeline.reason', { reason })] : lines;
}

/** The lines under one event of a bill's history (the server's `detail`, in words). */
export function timelineDetails(t: Translate, event: BillEvent): string[] {
  const detail = record(event.detail);
  switch (event.kind) {
    case 'CHECK_IN': {
      const plate = text(detail.plate);
      const vehicle = shown(t, 'vehicleType', detail.vehicleType);
      return [plate ? `${vehicle} · ${plate}` : vehicle];
    }
    case 'PRINT':
    case 'REPRINT':
      return text(detail.paper) ? [t('bills:timeline.paper', { paper: detail.paper })] : [];
    case 'CORRECT':
      return correctionLines(t, detail);
    case 'CHECK_OUT':
    case 'LOST': {
      if (typeof detail.fee !== 'number') return [];
      const method = text(detail.paymentMethod);
      return [method ? `${formatKip(detail.fee)} · ${t(`common:payment.${method}`)}` : formatKip(detail.fee)];
    }
    case 'CANCEL':
      return text(detail.reason) ? [t('bills:timeline.reason', { reason: detail.reason })] : [];
  }
}
