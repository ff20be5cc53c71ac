import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@parking-hub/contracts/audit';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/audit.json';
import lo from '../../locales/lo/audit.json';

type Labels = typeof lo;
const nameOf = (labels: Labels, action: string) => {
  const [group = '', name = ''] = action.split('.');
  return (labels.actionNames as Record<string, Record<string, string>>)[group]?.[name];
};

describe('the Last Action screen names every action and entity the server writes', () => {
  for (const [language, labels] of [
    ['lo', lo],
    ['en', en],
  ] as const) {
    it(`in ${language}`, () => {
      const unnamed = AUDIT_ACTIONS.filter((a) => !nameOf(labels, a));
      expect(unnamed).toEqual([]);
      const groups = new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0] ?? ''));
      expect([...groups].filter((g) => !(g in labels.actionGroups))).toEqual([]);
      expect(AUDIT_ENTITIES.filter((e) => !(e in labels.entities))).toEqual([]);
    });
  }
});
