import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The options; or `children` for grouped menus. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  children?: ReactNode;
  /** What the empty choice means ('all' unless told). */
  emptyLabel?: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

/** A list filter: the empty value is a real, visible choice ("all"), never a blank box. */
export function FilterSelect(props: FilterSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={props.sx}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true },
        htmlInput: { 'data-testid': props['data-testid'] },
      }}
    >
      <MenuItem value="">{props.emptyLabel ?? t('actions.all')}</MenuItem>
      {props.options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
      {props.children}
    </TextField>
  );
}
