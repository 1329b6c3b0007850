import { useQuery } from '@tanstack/react-query';
import { fetchRatings, fetchWebWidget } from '../api/analytics-api';

export const useWebWidget = (botName: string) =>
  useQuery({
    queryKey: ['analytics', botName, 'web-widget'],
    queryFn: ({ signal }) => fetchWebWidget(botName, signal),
  });

/** The users' ratings of a month; a failure is only logged (spec 02 section 4), the panel shows none. */
export const useRatings = (botName: string, month: number, year: number) =>
  useQuery({
    queryKey: ['analytics', botName, 'ratings', year, month],
    queryFn: async ({ signal }) => {
      try {
        return await fetchRatings(botName, month, year, signal);
      } catch (error) {
        console.error('The ratings could not be loaded.', error);
        return [];
      }
    },
  });
