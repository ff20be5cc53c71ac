import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast-store';
import type { ExportFormat } from '../export/download';
import type { ExportSheet } from '../export/sheet';

/**
 * CSV, Excel and print. The file writers (and fflate) load only when a file is asked for, so
 * no other route carries them.
 */
export function ExportButtons({
  sheets,
  fileName,
}: {
  /** The sheets to write (may fetch, e.g. every page); null while there is nothing to export. */
  sheets: (() => ExportSheet[] | Promise<ExportSheet[]>) | null;
  fileName: string;
}) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    if (!sheets) return;
    setBusy(format);
    try {
      const [content, { downloadReport }] = await Promise.all([sheets(), import('../export/download')]);
      downloadReport(content, format, fileName);
    } catch (error) {
      toast.error(
        t('actions.exportFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
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
          startIcon={<Download />}
          disabled={!sheets || busy !== null}
          onClick={() => void run(format)}
          data-testid={`export-${format}`}
        >
          {busy === format ? t('actions.exporting') : t(`actions.${format}`)}
        </Button>
      ))}
      <Button
        variant="outlined"
        startIcon={<Print />}
        disabled={!sheets}
        onClick={() => window.print()}
        data-testid="print"
      >
        {t('actions.print')}
      </Button>
    </>
  );
}
