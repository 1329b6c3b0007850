import { FUNCTION_BADGES, FUNCTION_TYPE_CATALOGUE, type FunctionView } from '@parley/contracts';
import { cx } from '../../../ui';

/** The type badge (REST Function, SQL Function ...) and Global or Prebuilt (spec 02 section 2.4). */
export function FunctionBadges({
  fn,
  size = 'md',
}: {
  fn: Pick<FunctionView, 'type' | 'isGlobal' | 'isPrebuilt'>;
  size?: 'sm' | 'md';
}) {
  const badge = FUNCTION_TYPE_CATALOGUE[fn.type].badge;
  return (
    <span className={cx('function-badges', `function-badges--${size}`)}>
      {badge && <span className="content-badge content-badge--type">{badge}</span>}
      {fn.isGlobal && <span className="content-badge function-badge--global">{FUNCTION_BADGES.global}</span>}
      {fn.isPrebuilt && <span className="content-badge">{FUNCTION_BADGES.prebuilt}</span>}
    </span>
  );
}
