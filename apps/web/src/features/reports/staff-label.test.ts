import { describe, expect, it } from 'vitest';
import { staffLabels } from './staff-label';

describe('staffLabels', () => {
  it('adds the user name only where a full name repeats', () => {
    expect(
      staffLabels(
        [
          { staffName: 'ມາລີ', username: 'mali-1' },
          { staffName: 'ມາລີ', username: 'mali-2' },
          { staffName: 'ສົມ', username: 'som' },
          { staffName: null, username: 'kham' },
          { staffName: null, username: null },
        ],
        '—',
      ),
    ).toEqual(['ມາລີ (mali-1)', 'ມາລີ (mali-2)', 'ສົມ', 'kham', '—']);
  });
});
