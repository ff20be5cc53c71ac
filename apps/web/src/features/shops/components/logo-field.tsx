import Close from '@mui/icons-material/Close';
import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { LOGO_TYPES } from '@parking-hub/contracts/shops';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { logoProblem } from '../shop-format';
import { ShopLogo } from './shop-logo';

export interface LogoChoice {
  file: File | null;
  preview: string | null;
  error: string;
  choose: (file: File | null) => void;
  setError: (message: string) => void;
}

/** The logo picked in the form: checked at once (type, size), previewed, sent after the save. */
export function useLogoChoice(): LogoChoice {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = useCallback((next: File | null) => {
    const problem = next ? logoProblem(next) : null;
    setError(problem ? messageText(problem) : '');
    setFile(problem ? null : next);
  }, []);

  return { file, preview, error, choose, setError };
}

/** The logo: what the shop has (or the chosen file's preview), a file button and the rules. */
export function LogoField({
  logo,
  current,
  name,
}: {
  logo: LogoChoice;
  current: string | null;
  name: string;
}) {
  const { t } = useTranslation('shops');
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ShopLogo src={logo.preview ?? current} name={name} size={64} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: 1 }}>
          <Button component="label" variant="outlined" startIcon={<Upload />} sx={{ flexShrink: 0 }}>
            {t(current || logo.file ? 'form.changeLogo' : 'form.chooseLogo')}
            <input
              type="file"
              hidden
              accept={LOGO_TYPES.join(',')}
              onChange={(e) => {
                logo.choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
              data-testid="field-logo"
            />
          </Button>
          {logo.file && (
            <>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="logo-file-name">
                {logo.file.name}
              </Typography>
              <IconButton
                size="small"
                onClick={() => logo.choose(null)}
                aria-label={t('form.dropLogo')}
                data-testid="logo-drop"
              >
                <Close fontSize="small" />
              </IconButton>
            </>
          )}
        </Box>
      </Box>
      <FormHelperText error={!!logo.error} data-testid="logo-help">
        {logo.error || t('form.logoHint')}
      </FormHelperText>
    </Box>
  );
}
