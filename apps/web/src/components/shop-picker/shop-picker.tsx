import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ShopOption } from '@parking-hub/contracts/shops';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useShopOptions } from './shop-options';

export interface ShopPickerProps {
  /** The chosen shop id; null for none. */
  value: string | null;
  onChange: (shop: ShopOption | null) => void;
  label: string;
  /** Name of a shop chosen before (e.g. when editing) so it shows before the options load. */
  initialName?: string | null;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A shop of the caller's scope, searched by name on the server as the user types. */
export function ShopPicker(props: ShopPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<ShopOption | null>(
    props.value ? { id: props.value, name: props.initialName ?? '', parentId: null } : null,
  );
  const q = useDebouncedValue(input, 250);
  const query = useShopOptions(chosen && input === chosen.name ? '' : q, !props.disabled);

  useEffect(() => {
    if (!props.value) setChosen(null);
    else if (props.value !== chosen?.id) {
      const known = query.data?.find((s) => s.id === props.value);
      setChosen(known ?? { id: props.value, name: props.initialName ?? '', parentId: null });
    }
  }, [props.value, props.initialName, query.data, chosen?.id]);

  return (
    <Autocomplete
      options={query.data ?? []}
      value={chosen}
      onChange={(_, shop) => {
        setChosen(shop);
        props.onChange(shop);
      }}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(s) => s.name}
      filterOptions={(x) => x}
      loading={query.isFetching}
      disabled={props.disabled}
      noOptionsText={t('shopPicker.none')}
      loadingText={t('states.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={props.error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props['data-testid'] },
          }}
        />
      )}
    />
  );
}
