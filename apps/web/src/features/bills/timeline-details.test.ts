import type { BillEvent } from '@parking-hub/contracts/bills';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { timelineDetails } from './timeline-details';

/** A translator that shows the key and its values, so the test reads what would be said. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}(${Object.values(values).join('|')})` : key) as unknown as TFunction<['bills', 'common']>;
const at = '2026-11-22T07:05:00Z';
const event = (kind: BillEvent['kind'], detail: BillEvent['detail']): BillEvent => ({
  kind,
  at,
  byName: 'Somchai',
  detail,
});

describe('timelineDetails', () => {
  it('says what came in and on which paper it was printed', () => {
    expect(timelineDetails(t, event('CHECK_IN', { vehicleType: 'CAR', plate: 'ກຂ 1234' }))).toEqual([
      'common:vehicles.CAR · ກຂ 1234',
    ]);
    expect(timelineDetails(t, event('CHECK_IN', { vehicleType: 'CAR', plate: null }))).toEqual([
      'common:vehicles.CAR',
    ]);
    expect(timelineDetails(t, event('REPRINT', { paper: '80' }))).toEqual(['bills:timeline.paper(80)']);
    expect(timelineDetails(t, event('PRINT', { paper: null }))).toEqual([]);
  });

  it('shows a correction as before → after, with its reason', () => {
    const detail = {
      before: { plate: 'AB 12', vehicleType: 'MOTORBIKE' },
      after: { plate: 'AB 123', vehicleType: 'CAR', reason: 'typo' },
    };
    expect(timelineDetails(t, event('CORRECT', detail))).toEqual([
      'bills:timeline.change(bills:detail.plate|AB 12|AB 123)',
      'bills:timeline.change(bills:detail.vehicleType|common:vehicles.MOTORBIKE|common:vehicles.CAR)',
      'bills:timeline.reason(typo)',
    ]);
    expect(
      timelineDetails(t, event('CORRECT', { before: { plate: null }, after: { plate: 'X 1' } })),
    ).toEqual(['bills:timeline.change(bills:detail.plate|bills:timeline.none|X 1)']);
  });

  it('gives the fee and method of a check-out and the reason of a cancellation', () => {
    expect(timelineDetails(t, event('CHECK_OUT', { fee: 4000, paymentMethod: 'QR' }))).toEqual([
      '4,000 ₭ · common:payment.QR',
    ]);
    expect(timelineDetails(t, event('LOST', { fee: 0, paymentMethod: null }))).toEqual(['0 ₭']);
    expect(timelineDetails(t, event('CANCEL', { reason: 'wrong plate' }))).toEqual([
      'bills:timeline.reason(wrong plate)',
    ]);
    expect(timelineDetails(t, event('CANCEL', null))).toEqual([]);
  });
});
