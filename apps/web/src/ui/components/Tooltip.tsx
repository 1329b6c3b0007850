import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cx } from '../class-names';
import './Tooltip.css';

interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button or link): the tooltip shows on its hover and focus. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  className?: string;
}

/**
 * A short explanation on hover or keyboard focus, at most 260 px wide (spec 01 section 9).
 * The trigger points at it with aria-describedby.
 */
export function Tooltip({ content, children, placement = 'top', className }: TooltipProps) {
  const id = useId();
  return (
    <span className={cx('tooltip', `tooltip--${placement}`, className)}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="tooltip__bubble">
        {content}
      </span>
    </span>
  );
}
