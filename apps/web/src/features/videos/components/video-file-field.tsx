import Close from '@mui/icons-material/Close';
import Movie from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { VIDEO_ACCEPT, type Video } from '@parking-hub/contracts/videos';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../video-file';

/**
 * The video file of the form: the one saved (its type and size) or the one chosen (its name and
 * size, with a button to drop it), a button to choose, and the rules or what is wrong.
 */
export function VideoFileField({
  file,
  current,
  error,
  hint,
  disabled,
  onChoose,
}: {
  file: File | null;
  current: Video | null;
  error: string;
  hint: string;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}) {
  const { t } = useTranslation('videos');
  const saved = current?.source === 'UPLOAD' && current.sizeBytes !== null ? current : null;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<Movie />}
          disabled={disabled}
          sx={{ flexShrink: 0 }}
        >
          {file || saved ? t('form.changeFile') : t('form.chooseFile')}
          <input
            type="file"
            hidden
            accept={VIDEO_ACCEPT}
            onChange={(e) => {
              onChoose(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
            data-testid="field-file"
          />
        </Button>
        {file ? (
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, flex: 1 }}>
            <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid="file-name">
              {file.name} · {formatBytes(file.size)}
            </Typography>
            <IconButton
              size="small"
              onClick={() => onChoose(null)}
              aria-label={t('form.dropFile')}
              disabled={disabled}
              data-testid="file-drop"
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ) : (
          saved && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ minWidth: 0 }}
              data-testid="file-current"
            >
              {t('form.currentFile', {
                type: t(`kind.${saved.mimeType}`, { defaultValue: saved.mimeType ?? '' }),
                size: formatBytes(saved.sizeBytes ?? 0),
              })}
            </Typography>
          )
        )}
      </Box>
      <FormHelperText error={!!error} data-testid="file-help">
        {error || hint}
      </FormHelperText>
    </Box>
  );
}
