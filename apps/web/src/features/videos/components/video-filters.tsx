import { ROLES } from '@parking-hub/contracts/roles';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filters/filter-bar';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import type { VideoFilterValues } from '../use-videos-url';

/** Search by title or description, switched on or off, and the role a video reaches. */
export function VideoFilters({
  values,
  onChange,
}: {
  values: VideoFilterValues;
  onChange: (next: Partial<VideoFilterValues>) => void;
}) {
  const { t } = useTranslation(['videos', 'common']);
  return (
    <FilterBar>
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.state')}
        value={values.active}
        onChange={(active) => onChange({ active })}
        options={[
          { value: 'true', label: t('state.active') },
          { value: 'false', label: t('state.inactive') },
        ]}
        data-testid="filter-active"
      />
      <FilterSelect
        label={t('fields.roles')}
        value={values.role}
        onChange={(role) => onChange({ role })}
        options={ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        data-testid="filter-role"
      />
    </FilterBar>
  );
}
