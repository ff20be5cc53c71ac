import { PROMOTION_AUDIENCES, PROMOTION_STATES } from '@parking-hub/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filters/filter-bar';
import { FilterSelect } from '../../../components/filters/filter-select';
import { SearchField } from '../../../components/filters/search-field';
import type { PromotionFilterValues } from '../use-promotions-url';

/** Search by title, the state today and the audience. */
export function PromotionFilters({
  values,
  onChange,
}: {
  values: PromotionFilterValues;
  onChange: (next: Partial<PromotionFilterValues>) => void;
}) {
  const { t } = useTranslation('promotions');
  return (
    <FilterBar>
      <SearchField value={values.q} onChange={(q) => onChange({ q })} placeholder={t('filters.searchHint')} />
      <FilterSelect
        label={t('fields.state')}
        value={values.state}
        onChange={(state) => onChange({ state })}
        options={PROMOTION_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        data-testid="filter-state"
      />
      <FilterSelect
        label={t('fields.audience')}
        value={values.audience}
        onChange={(audience) => onChange({ audience })}
        options={PROMOTION_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
        data-testid="filter-audience"
      />
    </FilterBar>
  );
}
