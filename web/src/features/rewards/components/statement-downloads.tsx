/** The download buttons of a statement: a spreadsheet and a PDF, each showing while it is made. */
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { useRewards } from '../store';
import type { StatementFormat } from '../types';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
`;

const FORMATS: { format: StatementFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excelでダウンロード' },
  { format: 'pdf', label: 'PDFでダウンロード' },
];

export function StatementDownloads({ year, month }: { year: number; month?: number }) {
  const download = useRewards((s) => s.download);
  const downloadStatement = useRewards((s) => s.downloadStatement);
  return (
    <div>
      <Row>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            type="button"
            $size="sm"
            $outlined
            $variant="primary"
            disabled={download.loading}
            aria-busy={download.loading}
            onClick={() => void downloadStatement(format, year, month)}
          >
            {download.loading ? '作成中…' : label}
          </Button>
        ))}
      </Row>
      <ErrorAlert error={download.error} />
    </div>
  );
}
