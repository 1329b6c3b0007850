import { useCallback, useState } from 'react';

/** Expert Mode of the Entities screen, remembered in this browser (spec 02 section 2.3). */
export const EXPERT_MODE_KEY = 'parley.entities.expertMode';

const read = (): boolean => {
  try {
    return localStorage.getItem(EXPERT_MODE_KEY) === 'true';
  } catch {
    return false;
  }
};

export function useExpertMode(): [boolean, (isOn: boolean) => void] {
  const [isOn, setIsOn] = useState(read);
  const set = useCallback((next: boolean) => {
    setIsOn(next);
    try {
      localStorage.setItem(EXPERT_MODE_KEY, String(next));
    } catch {
      // Storage may be full or blocked; the toggle still works for this visit.
    }
  }, []);
  return [isOn, set];
}
