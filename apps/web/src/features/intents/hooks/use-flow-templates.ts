import { useQuery } from '@tanstack/react-query';
import { fetchFlowTemplates } from '../api/intents-api';

/** The template flows (they do not change while the app runs). */
export const useFlowTemplates = () =>
  useQuery({
    queryKey: ['flow-templates'],
    queryFn: ({ signal }) => fetchFlowTemplates(signal),
    staleTime: Infinity,
  });
