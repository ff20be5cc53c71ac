import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast-store';
import type { ExportFormat } from '../../reports/export/download';
import type { Cell, ExportSheet } from '../../reports/export/sheet';

/** Every page of a paged list, for an export (the lists are paged by 100 at most). */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<{ data?: T[]; meta?: { totalPages: number } }>,
) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const envelope = await fetchPage(page);
    rows.push(...(envelope.data ?? []));
    if (page >= (envelope.meta?.totalPages ?? 1)) return rows;
  }
}

/** The sheet of a list: its title, the columns and a row of cells per item. */
export function sheetOf<T>(
  name: string,
  columns: { header: string; cell: (row: T) => Cell }[],
  rows: T[],
): ExportSheet {
  return {
    name,
    heading: [name],
    columns: columns.map((c) => c.header),
    rows: rows.map((r) => columns.map((c) => c.cell(r))),
  };
}

/**
 * CSV and Excel of a list, written by the reports' export helpers (loaded on the first click, so
 * the screen does not carry the writers).
 */
export function RollExport({ sheet, fileName }: { sheet: () => Promise<ExportSheet>; fileName: string }) {
  const { t } = useTranslation('rolls');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const [content, { downloadReport }] = await Promise.all([
        sheet(),
        import('../../reports/export/download'),
      ]);
      downloadReport([content], format, fileName);
    } catch (error) {
      toast.error(t('exportFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<Download />}
          disabled={busy !== null}
          onClick={() => void run(format)}
          data-testid={`rolls-export-${format}`}
        >
          {busy === format
            ? t('actions.exporting')
            : t(format === 'csv' ? 'actions.exportCsv' : 'actions.exportXlsx')}
        </Button>
      ))}
    </>
  );
}
