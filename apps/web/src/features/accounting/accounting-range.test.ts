import { describe, expect, it } from 'vitest';
import { accountingRange } from './accounting-range';

describe('accountingRange', () => {
  it('defaults to the last 12 months, this one included', () => {
    expect(accountingRange('', '', '2026-11')).toEqual({ from: '2025-12', to: '2026-11' });
    expect(accountingRange('', '', '2026-01')).toEqual({ from: '2025-02', to: '2026-01' });
  });

  it('keeps a range in order from the URL', () => {
    expect(accountingRange('2026-03', '2026-05', '2026-11')).toEqual({ from: '2026-03', to: '2026-05' });
    expect(accountingRange('2026-05', '2026-05', '2026-11')).toEqual({ from: '2026-05', to: '2026-05' });
  });

  it('mends what the API would refuse: wrong order, bad months, over 36 months', () => {
    expect(accountingRange('2026-06', '2026-05', '2026-11')).toEqual({ from: '2025-06', to: '2026-05' });
    expect(accountingRange('2026-13', 'x', '2026-11')).toEqual({ from: '2025-12', to: '2026-11' });
    expect(accountingRange('2020-01', '2026-11', '2026-11')).toEqual({ from: '2023-12', to: '2026-11' });
  });
});
