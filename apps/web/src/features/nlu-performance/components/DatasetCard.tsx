import type { NluTestStatus } from '@parley/contracts';
import { useRef } from 'react';
import { Button, Card, DownloadIcon, formatDateTime, UploadIcon } from '../../../ui';

interface DatasetCardProps {
  dataset: NluTestStatus['dataset'];
  canUpload: boolean;
  isUploading: boolean;
  onUpload: (file: File) => void;
  onDownload: (what: 'dataset' | 'template') => void;
}

/** The test dataset: what is stored, upload dataset (.csv), download dataset and the template. */
export function DatasetCard({ dataset, canUpload, isUploading, onUpload, onDownload }: DatasetCardProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Card
      title="Test dataset"
      description="A .csv file with the header utterance,intent and one sentence and its expected intent per line."
    >
      <p className="nlu-performance__dataset" data-testid="nlu-dataset">
        {dataset
          ? `${dataset.fileName}: ${dataset.rowCount} ${dataset.rowCount === 1 ? 'row' : 'rows'}, uploaded ${formatDateTime(dataset.uploadedAt)} by ${dataset.uploadedBy}`
          : 'No dataset uploaded yet.'}
      </p>
      <div className="nlu-performance__buttons">
        {canUpload && (
          <>
            <input
              ref={inputRef}
              type="file"
              accept=".csv"
              className="nlu-performance__file-input"
              aria-label="Dataset file (.csv)"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // The same file may be chosen again after a refusal.
                event.target.value = '';
                if (chosen) onUpload(chosen);
              }}
            />
            <Button icon={<UploadIcon />} isLoading={isUploading} onClick={() => inputRef.current?.click()}>
              Upload dataset (.csv)
            </Button>
          </>
        )}
        <Button
          variant="secondary"
          icon={<DownloadIcon />}
          disabled={!dataset}
          onClick={() => onDownload('dataset')}
        >
          Download dataset
        </Button>
        <Button variant="ghost" icon={<DownloadIcon />} onClick={() => onDownload('template')}>
          Download template
        </Button>
      </div>
    </Card>
  );
}
