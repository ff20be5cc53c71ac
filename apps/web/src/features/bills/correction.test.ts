import { describe, expect, it } from 'vitest';
import { correctionBody } from './correction';

const bill = { id: '12', plate: 'AB 12', vehicleType: 'MOTORBIKE' as const };

describe('correctionBody', () => {
  it('sends only the fields that changed', () => {
    expect(correctionBody(bill, { plate: 'ab  123', vehicleType: 'MOTORBIKE', reason: 'typo' })).toEqual({
      body: { action: 'CORRECT', id: '12', plate: 'ab  123', reason: 'typo' },
    });
    expect(correctionBody(bill, { plate: 'ab 12', vehicleType: 'CAR', reason: '' })).toEqual({
      body: { action: 'CORRECT', id: '12', vehicleType: 'CAR', reason: '' },
    });
  });

  it('removes a plate when the field is emptied', () => {
    expect(correctionBody(bill, { plate: ' ', vehicleType: 'MOTORBIKE', reason: '' })).toEqual({
      body: { action: 'CORRECT', id: '12', plate: ' ', reason: '' },
    });
  });

  it('says so when nothing changed or a plate is too long', () => {
    expect(correctionBody(bill, { plate: 'AB 12', vehicleType: 'MOTORBIKE', reason: '' })).toEqual({
      errors: { plate: 'validation.nothingToChange' },
    });
    expect(correctionBody(bill, { plate: 'X'.repeat(21), vehicleType: 'MOTORBIKE', reason: '' })).toEqual({
      errors: { plate: 'validation.tooLong' },
    });
  });
});
