import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * A list's search box: typing stays local and reaches `onChange` (the URL) once it pauses, so
 * the list is not fetched on every key.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState(value);
  // The value may change from outside (a link, the scan box, Back): the box shows it, and it is not
  // sent back as if typed.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setQ(value);
  }
  const debounced = useDebouncedValue(q, 300);
  const sent = useRef(value);
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    if (debounced !== value) onChange(debounced);
  }, [debounced, value, onChange]);

  return (
    <TextField
      label={t('actions.search')}
      placeholder={placeholder}
      value={q}
      onChange={(e) => setQ(e.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search />
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': 'filter-q' },
      }}
    />
  );
}
