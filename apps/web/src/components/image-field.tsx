import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Upload from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@parking-hub/contracts/shops';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { messageText } from '../lib/i18n';

/** The platform's pictures are the shop logo's: PNG, JPEG or WebP of at most 1 MiB (the server checks the bytes). */
const IMAGE_TYPES: readonly string[] = LOGO_TYPES;

/** Why a chosen file cannot be sent, as one of the caller's message keys, or null when it may go. */
export function imageProblem<K extends string>(
  file: Pick<File, 'type' | 'size'>,
  keys: { type: K; tooLarge: K },
): K | null {
  if (!IMAGE_TYPES.includes(file.type)) return keys.type;
  if (file.size > LOGO_MAX_BYTES) return keys.tooLarge;
  return null;
}

/** The picture a form holds until its save: a new file, "remove the current one", or neither. */
export interface ImageChoice {
  file: File | null;
  /** An object URL of the chosen file while it is chosen. */
  preview: string | null;
  /** The current picture is to be removed on save. */
  removed: boolean;
  error: string;
  choose: (file: File | null) => void;
  remove: () => void;
  /** Back to "nothing chosen" (after a save). */
  reset: () => void;
  setError: (message: string) => void;
}

/**
 * A picture picked in a form: checked at once by `problem` (a message key of the API's own texts,
 * or null when it may go), previewed, and sent by the form after its save.
 */
export function useImageChoice(problem: (file: File) => string | null): ImageChoice {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = useCallback(
    (next: File | null) => {
      const key = next ? problem(next) : null;
      setError(key ? messageText(key) : '');
      setFile(key ? null : next);
      if (next && !key) setRemoved(false);
    },
    [problem],
  );
  const remove = useCallback(() => {
    setFile(null);
    setError('');
    setRemoved(true);
  }, []);
  const reset = useCallback(() => {
    setFile(null);
    setError('');
    setRemoved(false);
  }, []);

  return { file, preview, removed, error, choose, remove, reset, setError };
}

export interface ImageFieldTexts {
  choose: string;
  change: string;
  drop: string;
  hint: string;
  /** The "remove the current picture" button; without it the field offers no removal. */
  remove?: string;
}

/**
 * A picture in a form: what is saved (or the chosen file's preview), a file button, the file's
 * name with a button to drop it, an optional "remove" and the rules. Test ids start with `testId`:
 * `field-<id>` (the input), `<id>-file-name`, `<id>-drop`, `<id>-remove`, `<id>-help`.
 */
export function ImageField({
  choice,
  current,
  texts,
  renderPreview,
  testId,
}: {
  choice: ImageChoice;
  current: string | null;
  texts: ImageFieldTexts;
  renderPreview: (src: string | null) => ReactNode;
  testId: string;
}) {
  const shown = choice.preview ?? (choice.removed ? null : current);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {renderPreview(shown)}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: 1 }}>
          <Button component="label" variant="outlined" startIcon={<Upload />} sx={{ flexShrink: 0 }}>
            {shown ? texts.change : texts.choose}
            <input
              type="file"
              hidden
              accept={IMAGE_TYPES.join(',')}
              onChange={(e) => {
                choice.choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
              data-testid={`field-${testId}`}
            />
          </Button>
          {choice.file && (
            <>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }} data-testid={`${testId}-file-name`}>
                {choice.file.name}
              </Typography>
              <IconButton
                size="small"
                onClick={() => choice.choose(null)}
                aria-label={texts.drop}
                data-testid={`${testId}-drop`}
              >
                <Close fontSize="small" />
              </IconButton>
            </>
          )}
          {texts.remove && !choice.file && shown && (
            <IconButton
              size="small"
              onClick={choice.remove}
              aria-label={texts.remove}
              title={texts.remove}
              data-testid={`${testId}-remove`}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          )}
        </Box>
      </Box>
      <FormHelperText error={!!choice.error} data-testid={`${testId}-help`}>
        {choice.error || texts.hint}
      </FormHelperText>
    </Box>
  );
}
