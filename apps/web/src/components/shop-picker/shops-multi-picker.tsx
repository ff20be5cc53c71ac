import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ShopOption } from '@parking-hub/contracts/shops';
import { useState } from 'react';
import { useShopOptions } from './shop-options';

export type ShopRef = { id: string; name: string };

/**
 * Several shops of the caller's scope, searched by name on the server as the user types (a
 * promotion's or a news item's chosen shops). `known` names the ones already chosen.
 */
export function ShopsMultiPicker({
  value,
  onChange,
  known,
  label,
  helperText,
  error,
  noOptionsText,
  testId,
}: {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  known: readonly ShopRef[];
  label: string;
  helperText?: string;
  error?: string;
  noOptionsText: string;
  testId: string;
}) {
  const [input, setInput] = useState('');
  const options = useShopOptions(input.trim());
  const [names, setNames] = useState(() => new Map(known.map((s) => [s.id, s.name])));
  return (
    <Autocomplete<ShopRef, true>
      multiple
      filterSelectedOptions
      options={(options.data ?? []).map((o: ShopOption) => ({ id: o.id, name: o.name }))}
      value={value.map((id) => ({ id, name: names.get(id) ?? '…' }))}
      onChange={(_, chosen) => {
        setNames((prev) => new Map([...prev, ...chosen.map((s) => [s.id, s.name] as const)]));
        onChange(chosen.map((s) => s.id));
      }}
      inputValue={input}
      onInputChange={(_, v, reason) => reason !== 'reset' && setInput(v)}
      getOptionLabel={(s) => s.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      loading={options.isFetching}
      noOptionsText={noOptionsText}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
