/**
 * Where the builder draws things: a grid of columns (left to right) and rows (branches below),
 * with bpmn-js's default shape sizes and orthogonal connectors.
 */
export type ShapeType = 'bpmn:StartEvent' | 'bpmn:Task' | 'bpmn:ExclusiveGateway' | 'bpmn:EndEvent';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

const SIZES: Record<ShapeType, { width: number; height: number }> = {
  'bpmn:StartEvent': { width: 36, height: 36 },
  'bpmn:EndEvent': { width: 36, height: 36 },
  'bpmn:Task': { width: 100, height: 80 },
  'bpmn:ExclusiveGateway': { width: 50, height: 50 },
};
const ORIGIN = { x: 200, y: 120 };
const COLUMN_WIDTH = 170;
const ROW_HEIGHT = 140;

export function shapeBounds(type: ShapeType, column: number, row: number): Bounds {
  const { width, height } = SIZES[type];
  const centreX = ORIGIN.x + column * COLUMN_WIDTH;
  const centreY = ORIGIN.y + row * ROW_HEIGHT;
  return { x: centreX - width / 2, y: centreY - height / 2, width, height };
}

/**
 * Waypoints from one shape to another further right: straight on one row; a branch leaves a
 * gateway from its bottom and turns right into the target; a connector rising to a join enters
 * the target from below; any other change of row bends halfway; a connector with a row to go
 * by runs down to it, along it and up into the target.
 */
export function connectorWaypoints(
  source: Bounds,
  target: Bounds,
  isFromGateway: boolean,
  viaRow?: number,
): Point[] {
  const sourceY = source.y + source.height / 2;
  const targetY = target.y + target.height / 2;
  const sourceX = source.x + source.width / 2;
  const targetX = target.x + target.width / 2;
  if (viaRow !== undefined) {
    const viaY = ORIGIN.y + viaRow * ROW_HEIGHT;
    return [
      { x: sourceX, y: source.y + source.height },
      { x: sourceX, y: viaY },
      { x: targetX, y: viaY },
      { x: targetX, y: target.y + target.height },
    ];
  }
  const sourceRight = { x: source.x + source.width, y: sourceY };
  const targetLeft = { x: target.x, y: targetY };
  if (sourceY === targetY) return [sourceRight, targetLeft];
  if (targetY > sourceY && isFromGateway) {
    return [{ x: sourceX, y: source.y + source.height }, { x: sourceX, y: targetY }, targetLeft];
  }
  if (targetY < sourceY) {
    return [sourceRight, { x: targetX, y: sourceY }, { x: targetX, y: target.y + target.height }];
  }
  const middleX = (sourceRight.x + targetLeft.x) / 2;
  return [sourceRight, { x: middleX, y: sourceY }, { x: middleX, y: targetY }, targetLeft];
}
