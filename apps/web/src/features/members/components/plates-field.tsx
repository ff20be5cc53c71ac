import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { MAX_MEMBER_PLATES } from '@parking-hub/contracts/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanPlates } from '../member-format';

/**
 * A member's plates as chips: typed and added with Enter, a comma, or by leaving the box (a phone's
 * keyboard has no obvious Enter), each in upper case, without repeats.
 */
export function PlatesField({
  value,
  onChange,
  error,
  testId = 'member-plates',
}: {
  value: string[];
  onChange: (plates: string[]) => void;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation('members');
  const [input, setInput] = useState('');
  const add = (text: string) => {
    const typed = text.split(',').filter((p) => p.trim());
    if (typed.length === 0) return;
    onChange(cleanPlates([...value, ...typed]).slice(0, MAX_MEMBER_PLATES));
    setInput('');
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' && text.endsWith(',')) add(text);
        else if (reason !== 'reset') setInput(text);
      }}
      onChange={(_, next) => onChange(cleanPlates(next).slice(0, MAX_MEMBER_PLATES))}
      renderValue={(plates, getItemProps) =>
        plates.map((plate, index) => {
          const { key, ...item } = getItemProps({ index });
          return <Chip key={key} label={plate} size="small" {...item} data-testid="plate-chip" />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('fields.plates')}
          required
          error={!!error}
          helperText={error || t('form.platesHint', { max: MAX_MEMBER_PLATES })}
          onBlur={() => add(input)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId, autoCapitalize: 'characters' },
          }}
        />
      )}
    />
  );
}
