import { NLU_PERFORMANCE_MESSAGES as M, type NluTestStatus } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { showFailure } from '../../../api/server-error';
import { popup } from '../../../ui';
import {
  downloadNluDataset,
  downloadNluResults,
  downloadNluTemplate,
  uploadNluDataset,
} from '../api/nlu-performance-api';
import { NLU_PERFORMANCE_KEYS as K } from './nlu-performance-keys';

/** Upload dataset (.csv), download dataset, the template and the results (spec 04 section 2.3). */
export function useDatasetFiles(botName: string) {
  const client = useQueryClient();
  const [isUploading, setIsUploading] = useState(false);

  const upload = async (file: File) => {
    // Spec 04 section 5: 'NLP dataset upload accepts .csv'.
    if (!file.name.toLowerCase().endsWith('.csv')) {
      void popup.error({ title: 'Error!', text: M.invalidExtension });
      return;
    }
    setIsUploading(true);
    try {
      const status = await uploadNluDataset(botName, file);
      client.setQueryData<NluTestStatus>(K.test(botName), status);
      void popup.info({ title: 'Success!', text: M.datasetUploaded });
    } catch (error) {
      showFailure('Error!', error);
    } finally {
      setIsUploading(false);
    }
  };

  const download = (what: 'dataset' | 'template' | 'results') => {
    const run = { dataset: downloadNluDataset, template: downloadNluTemplate, results: downloadNluResults }[
      what
    ];
    run(botName).catch(handleApiError);
  };

  return { isUploading, upload, download };
}
