import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface PickerOption {
  id: string;
}

export interface RemotePickerProps<T extends PickerOption> {
  /** The chosen id; null for none. */
  value: string | null;
  onChange: (option: T | null) => void;
  /** Options matching the typed text, searched on the server (a TanStack Query hook). */
  useOptions: (q: string, enabled: boolean) => { data?: T[]; isFetching: boolean };
  getLabel: (option: T) => string;
  /** The option to show for an id chosen before (e.g. from the URL) until the server lists it. */
  placeholderOption: (id: string) => T;
  label: string;
  placeholder?: string;
  noOptionsText: string;
  renderOption?: (option: T) => ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Keep the label above the box when empty (filters, where empty means "anyone"). */
  shrinkLabel?: boolean;
  'data-testid'?: string;
}

/** One record chosen from a server-side search as the user types (shops, users, …). */
export function RemotePicker<T extends PickerOption>(props: RemotePickerProps<T>) {
  const { t } = useTranslation();
  const { value, getLabel, placeholderOption } = props;
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  // Options made up for an id the server has not listed yet: replaced as soon as it does.
  const placeholders = useRef(new WeakSet<T>());
  const stand = useCallback(
    (id: string) => {
      const option = placeholderOption(id);
      placeholders.current.add(option);
      return option;
    },
    [placeholderOption],
  );
  const [chosen, setChosen] = useState<T | null>(() => (value ? stand(value) : null));
  const q = useDebouncedValue(input, 250);
  // With a record chosen the box shows its name: list everything, not just that record.
  const query = props.useOptions(
    chosen && input === getLabel(chosen) ? '' : q,
    !props.disabled && (open || !!value),
  );

  useEffect(() => {
    if (!value) return setChosen(null);
    const listed = query.data?.find((o) => o.id === value);
    setChosen(
      (prev) => listed ?? (prev?.id === value && !placeholders.current.has(prev) ? prev : stand(value)),
    );
  }, [value, query.data, stand]);

  return (
    <Autocomplete<T>
      options={query.data ?? []}
      value={chosen}
      onChange={(_, option) => {
        setChosen(option);
        props.onChange(option);
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={getLabel}
      filterOptions={(x) => x}
      loading={query.isFetching}
      disabled={props.disabled}
      noOptionsText={props.noOptionsText}
      loadingText={t('states.loading')}
      renderOption={
        props.renderOption
          ? ({ key, ...li }, option) => (
              <li key={key} {...li}>
                {props.renderOption?.(option)}
              </li>
            )
          : undefined
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={props.placeholder}
          required={props.required}
          error={!!props.error}
          helperText={props.error}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, ...(props.shrinkLabel ? { shrink: true } : {}) },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props['data-testid'] },
          }}
        />
      )}
    />
  );
}
