import type { MemberNumberRow } from '@parking-hub/contracts/members';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../components/remote-picker';
import { availableNumberOptions } from '../api/get-numbers';

const numberLabel = (n: MemberNumberRow) => n.number;

/** A free card of the shop, searched on the server as the user types (the pool can hold thousands). */
export function NumberPicker({
  shopId,
  value,
  onChange,
  label,
  error,
  testId = 'member-number',
}: {
  shopId: string;
  value: string | null;
  onChange: (row: MemberNumberRow | null) => void;
  label?: string;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation('members');
  const useOptions = useMemo(() => availableNumberOptions(shopId), [shopId]);
  const placeholderOption = useCallback(
    (id: string): MemberNumberRow => ({
      id,
      shopId,
      number: '',
      status: 'AVAILABLE',
      memberId: null,
      memberName: null,
      used: false,
      createdAt: '',
      updatedAt: '',
    }),
    [shopId],
  );
  return (
    <RemotePicker<MemberNumberRow>
      value={value}
      onChange={onChange}
      useOptions={useOptions}
      getLabel={numberLabel}
      placeholderOption={placeholderOption}
      label={label ?? t('fields.number')}
      placeholder={t('form.numberSearch')}
      noOptionsText={t('form.noFreeNumbers')}
      error={error}
      required
      data-testid={testId}
    />
  );
}
