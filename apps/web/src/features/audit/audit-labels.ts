import type { TFunction } from 'i18next';

/** Readable names of an action ('user.create') and entity ('user'); unknown ones stay as written. */
export const actionLabel = (t: TFunction, action: string): string =>
  t(`audit:actionNames.${action}`, { defaultValue: action });

export const entityLabel = (t: TFunction, entity: string): string =>
  t(`audit:entities.${entity}`, { defaultValue: entity });

/** The menu group of an action: its prefix ('auth', 'user', 'session'). */
export const actionGroup = (action: string): string => action.split('.')[0] ?? action;

export const groupLabel = (t: TFunction, group: string): string =>
  t(`audit:actionGroups.${group}`, { defaultValue: group });

/** A before/after field name; '' is the whole value when it is not an object. */
export const fieldLabel = (t: TFunction, field: string): string =>
  field ? t(`audit:fieldNames.${field}`, { defaultValue: field }) : t('audit:details.value');
