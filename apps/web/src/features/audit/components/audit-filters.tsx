import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@parking-hub/contracts/audit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/filters/date-field';
import { FilterSelect } from '../../../components/filters/filter-select';
import { actionGroup, actionLabel, entityLabel, groupLabel } from '../audit-labels';
import { UserPicker } from './user-picker';

export interface AuditFilterValues {
  userId: string;
  action: string;
  entity: string;
  from: string;
  to: string;
}

/** The action menu, grouped by what it acts on; a value from the URL that we do not know stays selectable. */
function actionItems(t: ReturnType<typeof useTranslation>['t'], current: string): ReactNode[] {
  const actions: string[] = [...AUDIT_ACTIONS];
  if (current && !actions.includes(current)) actions.push(current);
  const items: ReactNode[] = [];
  let group = '';
  for (const action of actions) {
    if (actionGroup(action) !== group) {
      group = actionGroup(action);
      items.push(<ListSubheader key={`g-${group}`}>{groupLabel(t, group)}</ListSubheader>);
    }
    items.push(
      <MenuItem key={action} value={action} sx={{ pl: 3 }}>
        {actionLabel(t, action)}
      </MenuItem>,
    );
  }
  return items;
}

const span = (xs: number, sm: number) => ({
  gridColumn: { xs: `span ${xs}`, sm: `span ${sm}`, lg: 'span 1' },
});

export function AuditFilters({
  values,
  onChange,
  rangeError,
  knownUserName,
}: {
  values: AuditFilterValues;
  onChange: (next: Partial<AuditFilterValues>) => void;
  /** The message under 'from' when the range is backwards or a date is not valid. */
  rangeError?: string;
  knownUserName?: string | null;
}) {
  const { t } = useTranslation('audit');
  const entities: string[] = [...AUDIT_ENTITIES];
  if (values.entity && !entities.includes(values.entity)) entities.push(values.entity);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(4, minmax(0, 1fr))',
          lg: 'minmax(0, 1.5fr) minmax(0, 1.5fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)',
        },
        alignItems: 'start',
        mb: 2,
      }}
    >
      <Box sx={span(2, 2)}>
        <UserPicker
          label={t('filters.user')}
          value={values.userId}
          knownName={knownUserName}
          onChange={(userId) => onChange({ userId })}
        />
      </Box>
      <FilterSelect
        label={t('fields.action')}
        value={values.action}
        onChange={(action) => onChange({ action })}
        emptyLabel={t('filters.allActions')}
        sx={span(2, 2)}
        data-testid="filter-action"
      >
        {actionItems(t, values.action)}
      </FilterSelect>
      <FilterSelect
        label={t('fields.entity')}
        value={values.entity}
        onChange={(entity) => onChange({ entity })}
        options={entities.map((e) => ({ value: e, label: entityLabel(t, e) }))}
        sx={span(2, 2)}
        data-testid="filter-entity"
      />
      <DateField
        label={t('filters.from')}
        value={values.from}
        max={values.to || undefined}
        onChange={(from) => onChange({ from })}
        error={Boolean(rangeError)}
        helperText={rangeError}
        testId="filter-from"
        sx={span(1, 1)}
      />
      <DateField
        label={t('filters.to')}
        value={values.to}
        min={values.from || undefined}
        onChange={(to) => onChange({ to })}
        error={Boolean(rangeError)}
        testId="filter-to"
        sx={span(1, 1)}
      />
    </Box>
  );
}
