import { type EngineIconName, engineById } from '@parley/contracts';
import type { ReactNode } from 'react';
import './engine-mark.css';

/**
 * Our own small marks for the engines (no vendor logos): a shape and a colour per engine, so
 * cards tell them apart at a glance; the name is in the tooltip and for screen readers.
 */
const MARKS: Record<EngineIconName, { colour: string; shape: ReactNode }> = {
  parley: {
    colour: '#5e5ce6',
    shape: (
      <path d="M5 6.5A1.5 1.5 0 0 1 6.5 5h7A1.5 1.5 0 0 1 15 6.5v5a1.5 1.5 0 0 1-1.5 1.5H9l-3 2.5V13h.5" />
    ),
  },
  microsoft: { colour: '#2b74d4', shape: <path d="M10 4.5 14.8 7.25v5.5L10 15.5l-4.8-2.75v-5.5Z" /> },
  ibm: { colour: '#3d5ba9', shape: <path d="M5 6.5h10M5 10h10M5 13.5h10" /> },
  google: { colour: '#1f9d57', shape: <path d="M10 4.5 15.5 10 10 15.5 4.5 10Z" /> },
  amazon: { colour: '#d9822b', shape: <path d="M10 5 15.5 14.5h-11Z" /> },
  wit: {
    colour: '#2f9fb0',
    shape: (
      <>
        <circle cx="10" cy="10" r="5" />
        <circle cx="10" cy="10" r="1.25" fill="currentColor" />
      </>
    ),
  },
  nuance: {
    colour: '#8a4fc8',
    shape: <path d="M4.5 10c1.4-3.5 2.8-3.5 4.1 0s2.8 3.5 4.1 0 1.9-2.6 2.8-1.5" />,
  },
  stanford: {
    colour: '#b0413e',
    shape: <path d="m10 4.5 1.6 3.4 3.7.4-2.8 2.5.8 3.7L10 12.6l-3.3 1.9.8-3.7-2.8-2.5 3.7-.4Z" />,
  },
};

interface EngineMarkProps {
  engineId: string;
  size?: number;
}

export function EngineMark({ engineId, size = 22 }: EngineMarkProps) {
  const engine = engineById(engineId);
  const mark = MARKS[engine?.icon ?? 'parley'];
  const label = engine?.label ?? engineId;
  return (
    <span className="engine-mark" style={{ color: mark.colour }} title={label}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        role="img"
        aria-label={label}
      >
        <rect
          x="0.75"
          y="0.75"
          width="18.5"
          height="18.5"
          rx="5"
          fill="currentColor"
          fillOpacity="0.1"
          stroke="none"
        />
        {mark.shape}
      </svg>
    </span>
  );
}
