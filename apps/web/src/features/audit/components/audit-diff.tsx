import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha, type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../audit-labels';
import { type DiffKind, type DiffRow, diffAuditValues } from '../audit-values';

/** Amber for a change, green for a field added, red for one removed (the theme's warning is pure red). */
const TINT: Record<Exclude<DiffKind, 'same'>, (theme: Theme) => string> = {
  changed: () => '#f59e0b',
  added: (theme) => theme.palette.primary.main,
  removed: (theme) => theme.palette.error.main,
};

/** null: the side has no such field ('—'); '': the field is there but empty (null or ''). */
function Value({ text, multiline }: { text: string | null; multiline: boolean }) {
  const { t } = useTranslation('audit');
  if (!text)
    return (
      <Typography component="span" sx={{ color: 'text.disabled', fontSize: 14 }}>
        {text === null ? '—' : t('details.empty')}
      </Typography>
    );
  return (
    <Box
      component={multiline ? 'pre' : 'span'}
      sx={{
        m: 0,
        fontSize: multiline ? 12 : 14,
        fontFamily: multiline ? 'monospace' : undefined,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        display: 'block',
        ...(multiline && { bgcolor: 'action.hover', p: 1, borderRadius: 1 }),
      }}
    >
      {text}
    </Box>
  );
}

/**
 * An event's before and after, field by field; changed fields highlighted and marked in words.
 * A side that is absent altogether (a create has no before, a delete no after) is left out.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = diffAuditValues(before, after);
  const sides = [
    before != null && { key: 'before' as const, header: t('details.before') },
    after != null && { key: 'after' as const, header: t('details.after') },
  ].filter((s) => s !== false);
  const compare = sides.length === 2;

  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ fontSize: 14 }}>
        {t('details.noChanges')}
      </Typography>
    );

  const summary = compare && (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="audit-diff-summary">
      {t('details.changedCount', { count: rows.filter((r) => r.kind !== 'same').length, total: rows.length })}
    </Typography>
  );
  const marked = (row: DiffRow) => compare && row.kind !== 'same';
  const rowSx = (row: DiffRow) => {
    if (!compare || row.kind === 'same') return {};
    const tint = TINT[row.kind](theme);
    return { bgcolor: alpha(tint, 0.1), boxShadow: `inset 3px 0 0 ${tint}` };
  };
  const fieldCell = (row: DiffRow) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography sx={{ fontSize: 14, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {fieldLabel(t, row.field)}
      </Typography>
      {marked(row) && (
        <Chip
          size="small"
          variant="outlined"
          label={t(`details.kind.${row.kind}`)}
          sx={{ height: 20, fontSize: 11 }}
        />
      )}
    </Box>
  );

  if (phone)
    return (
      <>
        {summary}
        <Box
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
          data-testid="audit-diff"
        >
          {rows.map((row, i) => (
            <Box key={row.field} sx={{ p: 1.5, borderTop: i ? 1 : 0, borderColor: 'divider', ...rowSx(row) }}>
              {fieldCell(row)}
              {/* On a phone an unchanged field takes one line, not two equal ones. */}
              {(compare && row.kind === 'same'
                ? [{ key: 'after' as const, header: t('details.unchanged') }]
                : sides
              ).map((s) => (
                <Box key={s.key} sx={{ display: 'flex', gap: 1, mt: 0.5, minWidth: 0 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 64px' }}>
                    {s.header}
                  </Typography>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Value text={row[s.key]} multiline={row.multiline} />
                  </Box>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </>
    );

  const columns = `minmax(110px, 0.8fr) ${sides.map(() => 'minmax(0, 1.2fr)').join(' ')}`;
  const cell = { px: 1.5, py: 1, minWidth: 0 };
  return (
    <>
      {summary}
      <Box
        role="table"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
        data-testid="audit-diff"
      >
        <Box role="row" sx={{ display: 'grid', gridTemplateColumns: columns, bgcolor: 'action.hover' }}>
          {[t('details.field'), ...sides.map((s) => s.header)].map((h) => (
            <Typography key={h} role="columnheader" sx={{ ...cell, fontSize: 13, fontWeight: 600 }}>
              {h}
            </Typography>
          ))}
        </Box>
        {rows.map((row) => (
          <Box
            key={row.field}
            role="row"
            data-kind={row.kind}
            sx={{
              display: 'grid',
              gridTemplateColumns: columns,
              borderTop: 1,
              borderColor: 'divider',
              ...rowSx(row),
            }}
          >
            <Box role="cell" sx={cell}>
              {fieldCell(row)}
            </Box>
            {sides.map((s) => (
              <Box key={s.key} role="cell" sx={cell}>
                <Value text={row[s.key]} multiline={row.multiline} />
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </>
  );
}
