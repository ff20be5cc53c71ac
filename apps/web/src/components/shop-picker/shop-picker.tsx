import type { ShopOption } from '@parking-hub/contracts/shops';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../remote-picker';
import { useShopOptions } from './shop-options';

export interface ShopPickerProps {
  /** The chosen shop id; null for none. */
  value: string | null;
  onChange: (shop: ShopOption | null) => void;
  label: string;
  /** Shown in the empty box, e.g. "all shops" on a filter where empty means every shop. */
  placeholder?: string;
  /** Keep the label above the empty box (with a placeholder that says what empty means). */
  shrinkLabel?: boolean;
  /** Name of a shop chosen before (e.g. when editing) so it shows before the options load. */
  initialName?: string | null;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

const shopName = (s: ShopOption) => s.name;

/** A shop of the caller's scope, searched by name on the server as the user types. */
export function ShopPicker({ initialName, ...props }: ShopPickerProps) {
  const { t } = useTranslation();
  const placeholderOption = useCallback(
    (id: string): ShopOption => ({ id, name: initialName ?? '', parentId: null }),
    [initialName],
  );
  return (
    <RemotePicker<ShopOption>
      {...props}
      useOptions={useShopOptions}
      getLabel={shopName}
      placeholderOption={placeholderOption}
      noOptionsText={t('shopPicker.none')}
    />
  );
}
