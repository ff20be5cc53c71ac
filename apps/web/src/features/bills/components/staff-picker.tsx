import type { User } from '@parking-hub/contracts/users';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../components/remote-picker';
import { useStaffOptions } from '../api/get-staff-options';

type StaffOption = Pick<User, 'id' | 'fullName'> & Partial<Pick<User, 'username' | 'shopName'>>;

/** RemotePicker's options hook, narrowed to one shop ('' for every shop in scope). */
function staffOf(shopId: string) {
  return function useShopStaff(q: string, enabled: boolean) {
    return useStaffOptions(q, shopId, enabled);
  };
}

/** Who checked bills in or out: staff searched on the server, of the chosen shop when there is one. */
export function StaffPicker({
  value,
  shopId,
  knownName,
  onChange,
}: {
  value: string;
  shopId: string;
  /** The name of a staff id from the URL, as a listed bill shows it. */
  knownName: string | null;
  onChange: (staffId: string) => void;
}) {
  const { t } = useTranslation('bills');
  const useOptions = useMemo(() => staffOf(shopId), [shopId]);
  const placeholderOption = useCallback(
    (id: string): StaffOption => ({ id, fullName: knownName ?? '' }),
    [knownName],
  );
  return (
    <RemotePicker<StaffOption>
      value={value || null}
      onChange={(u) => onChange(u?.id ?? '')}
      useOptions={useOptions}
      getLabel={(u) => u.fullName}
      placeholderOption={placeholderOption}
      label={t('filters.staff')}
      placeholder={t('filters.anyone')}
      noOptionsText={t('filters.noStaff')}
      shrinkLabel
      data-testid="filter-staff"
    />
  );
}
