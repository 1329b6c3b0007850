import {
  VARIABLE_MESSAGES as M,
  type PutObjectBody,
  type VariablesAndObjects,
  validationError,
} from '@parley/contracts';
import type { ObjectPropertyRecord, VariableRecord } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { changeObjects } from './variable-changes';
import { globalNameProblem, newNameProblem } from './variable-names';
import { currentView } from './variable-views';

/**
 * System properties (marked `isSystem` by an API client or an import, for flows that rely on
 * them) stay: each must come back under the same key, and stays a system property.
 */
function keepingSystemProperties(
  object: VariableRecord,
  properties: readonly ObjectPropertyRecord[],
): ObjectPropertyRecord[] {
  const sent = new Set(properties.map((p) => p.key));
  const system = new Set(object.properties.filter((p) => p.isSystem).map((p) => p.key));
  for (const key of system) {
    if (!sent.has(key)) throw validationError('properties', M.systemPropertyRemoved(key));
  }
  return properties.map((p) => ({ ...p, isSystem: p.isSystem || system.has(p.key) }));
}

/**
 * PUT /api/{bot}/objects: adds the object, or replaces the properties of the object of that
 * exact name. `isGlobal: true` makes it global; a global one stays global.
 */
export async function putObject(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: PutObjectBody,
): Promise<VariablesAndObjects> {
  return changeObjects(ctx, principal, botRef, async (change) => {
    const existing = await change.variables.get(body.name);
    if (!existing) {
      if (body.isGlobal) change.requireMakeGlobal();
      const problem = await newNameProblem(change, body.name, body.isGlobal ?? false);
      if (problem) throw validationError('name', problem);
      await change.variables.create({
        kind: 'object',
        name: body.name,
        value: '',
        isGlobal: body.isGlobal ?? false,
        properties: body.properties,
      });
      return currentView(change);
    }
    if (existing.kind !== 'object' || existing.name !== body.name)
      throw validationError('name', M.nameTaken(body.name));
    if (existing.isGlobal || body.isGlobal) change.requireMakeGlobal();
    if (existing.isGlobal && body.isGlobal === false) throw validationError('isGlobal', M.stillGlobal);
    const properties = keepingSystemProperties(existing, body.properties);
    const becomesGlobal = !existing.isGlobal && body.isGlobal === true;
    if (becomesGlobal) {
      const problem = await globalNameProblem(change, body.name);
      if (problem) throw validationError('name', problem);
      await change.variables.makeGlobal(existing.id);
    }
    await change.variables.setProperties(
      { ...existing, isGlobal: existing.isGlobal || becomesGlobal },
      properties,
    );
    return currentView(change);
  });
}
