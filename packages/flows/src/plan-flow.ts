import { type BlockKind, blockKindOf, functionInputKey, LLM_BLOCK_KIND } from './block-kinds';
import { connectorLabel, decisionOperation } from './decision-operations';
import { END_BLOCK_DEFAULTS } from './end-block';
import type { BlockData } from './flow-document';
import { FlowFormatError } from './flow-format-error';
import type { ShapeType } from './flow-layout';
import type { FlowBranch, FlowConditionStep, FlowEndStep, FlowFieldValues, FlowStep } from './flow-steps';
import { FUNCTION_FAILED_EXIT, taskExitsOf } from './task-exits';

/** A shape of the flow to be: what it is, its data per language and its grid cell. */
export interface PlannedNode {
  id: string;
  type: ShapeType;
  name: string;
  category: string | null;
  customData: Record<string, BlockData> | null;
  column: number;
  row: number;
}

export interface PlannedConnector {
  id: string;
  source: string;
  target: string;
  name: string;
  customData: Record<string, BlockData> | null;
  isDefault: boolean;
  /** A branch without steps that goes round below the others along this row to reach the join. */
  viaRow?: number;
}

export interface FlowPlan {
  nodes: PlannedNode[];
  connectors: PlannedConnector[];
}

/** A connection waiting for the next step: from this node, with this connector data. */
interface Exit {
  source: string;
  branch?: { name: string; customData: Record<string, BlockData>; isDefault: boolean; viaRow?: number };
}

const ID_PREFIX: Record<ShapeType | 'bpmn:SequenceFlow', string> = {
  'bpmn:StartEvent': 'StartEvent',
  'bpmn:Task': 'Activity',
  'bpmn:ExclusiveGateway': 'Gateway',
  'bpmn:EndEvent': 'Event',
  'bpmn:SequenceFlow': 'Flow',
};

/** Turns steps into nodes on a grid and the connectors between them (see flow-steps.ts). */
export function planFlow(steps: readonly FlowStep[], languages: readonly string[]): FlowPlan {
  if (languages.length === 0) throw new FlowFormatError('A flow needs at least one language.');
  const nodes: PlannedNode[] = [];
  const connectors: PlannedConnector[] = [];
  const usedIds = new Set<string>();
  const usedOutputs = new Set<string>();
  const counters = new Map<string, number>();

  const idFor = (type: ShapeType | 'bpmn:SequenceFlow', wanted?: string): string => {
    let id = wanted;
    if (id === undefined) {
      const prefix = ID_PREFIX[type];
      do {
        const next = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, next);
        id = `${prefix}_${next}`;
      } while (usedIds.has(id));
    }
    if (usedIds.has(id)) throw new FlowFormatError(`The flow has two elements with the id ${id}.`);
    usedIds.add(id);
    return id;
  };
  const perLanguage = (make: (language: string) => BlockData) =>
    Object.fromEntries(languages.map((language) => [language, make(language)]));

  const addNode = (node: Omit<PlannedNode, 'id'> & { id?: string }, entries: readonly Exit[]): string => {
    const id = idFor(node.type, node.id);
    nodes.push({ ...node, id });
    for (const entry of entries) {
      connectors.push({
        id: idFor('bpmn:SequenceFlow'),
        source: entry.source,
        target: id,
        name: entry.branch?.name ?? '',
        customData: entry.branch?.customData ?? null,
        isDefault: entry.branch?.isDefault ?? false,
        ...(entry.branch?.viaRow === undefined ? {} : { viaRow: entry.branch.viaRow }),
      });
    }
    return id;
  };

  const outputNames = (kinds: readonly string[], wanted: readonly string[] | undefined): string[] =>
    kinds.map((kindName, index) => {
      let name = wanted?.[index] ?? kindName;
      if (wanted?.[index] === undefined) {
        for (let counter = 2; usedOutputs.has(name); counter++) name = `${kindName}${counter}`;
      }
      usedOutputs.add(name);
      return name;
    });

  const dataStep = (step: FlowStep & { fields?: FlowFieldValues }) => {
    let fc: string;
    let category: string;
    let blockKind: BlockKind | undefined;
    let keyOf: (name: string) => string;
    let functionType: string | undefined;
    if ('block' in step) {
      blockKind = blockKindOf(null, step.block);
      if (!blockKind) throw new FlowFormatError(`Unknown block function ${step.block}.`);
      ({ fc, category } = blockKind);
      const kind = blockKind;
      keyOf = (name) => {
        const declared = kind.fields.find((candidate) => candidate.name === name);
        if (!declared) throw new FlowFormatError(`${kind.displayName} blocks have no field ${name}.`);
        return declared.key;
      };
    } else if ('llm' in step) {
      blockKind = LLM_BLOCK_KIND;
      fc = step.llm;
      category = 'llm';
      keyOf = (name) => {
        const declared = LLM_BLOCK_KIND.fields.find((candidate) => candidate.name === name);
        if (!declared) throw new FlowFormatError(`LLM blocks have no field ${name}.`);
        return declared.key;
      };
    } else if ('function' in step) {
      fc = step.function;
      category = 'custom';
      keyOf = functionInputKey;
      functionType = step.type;
    } else {
      throw new FlowFormatError('A step is a block, function, llm, condition or end step.');
    }
    const stepWithData = step as { byLanguage?: Record<string, FlowFieldValues>; outputs?: string[] };
    const kinds = blockKind?.outputs ?? stepWithData.outputs ?? [];
    const outputs = outputNames(kinds, stepWithData.outputs);
    const keyed = (values: FlowFieldValues | undefined) =>
      Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [keyOf(name), value]));
    const defaults = Object.fromEntries(
      (blockKind?.fields ?? []).flatMap((declared) =>
        declared.default === undefined ? [] : [[declared.key, structuredClone(declared.default)]],
      ),
    );
    return {
      type: 'bpmn:Task' as const,
      name: step.name ?? (blockKind && blockKind !== LLM_BLOCK_KIND ? blockKind.displayName : fc),
      category,
      customData: perLanguage((language) => ({
        fc,
        'fc-output': [...outputs],
        'fc-output-default': functionType ? [functionType] : [...kinds],
        ...structuredClone(defaults),
        ...keyed(step.fields),
        ...keyed(stepWithData.byLanguage?.[language]),
      })),
    };
  };

  const endNode = (step: FlowEndStep) => {
    const { end } = step;
    const outcome =
      end === 'endFlow'
        ? { endFlow: true }
        : end === 'restartIntent'
          ? { restartIntent: true }
          : 'redirectToIntent' in end
            ? { redirectToOtherIntent: true, intentTo: end.redirectToIntent }
            : { redirectToBot: true, redirectBotId: end.redirectToBot };
    const options = {
      clearEntities: step.clearEntities ?? false,
      countTouchless: step.countTouchless ?? false,
      endCall: step.endCall ?? false,
    };
    const defaultName =
      end === 'endFlow'
        ? 'End'
        : end === 'restartIntent'
          ? 'Restart'
          : 'redirectToIntent' in end
            ? `Go to ${end.redirectToIntent}`
            : `Go to bot ${end.redirectToBot}`;
    return {
      type: 'bpmn:EndEvent' as const,
      name: step.name ?? defaultName,
      category: null,
      customData: perLanguage(() => ({ ...structuredClone(END_BLOCK_DEFAULTS), ...outcome, ...options })),
    };
  };

  const branchExit = (gateway: string, step: FlowConditionStep, branch: FlowBranch): Exit => {
    const operator = { isDefault: branch.isDefault ?? false, ...(branch.isDefault ? {} : branch.operator) };
    return {
      source: gateway,
      branch: {
        name: branch.name ?? connectorLabel(step.operation, operator),
        customData: perLanguage(() => structuredClone(operator)),
        isDefault: branch.isDefault ?? false,
      },
    };
  };

  /** Places a sequence from (column, row); answers its open exits, the next free column and the rows it took. */
  const placeSequence = (
    sequence: readonly FlowStep[],
    entries: Exit[],
    column: number,
    row: number,
  ): { exits: Exit[]; nextColumn: number; rows: number } => {
    let exits = entries;
    let rows = 1;
    for (const step of sequence) {
      if (exits.length === 0) throw new FlowFormatError('No step can follow an end step.');
      if ('end' in step) {
        addNode({ ...endNode(step), id: step.id, column, row }, exits);
        exits = [];
        column += 1;
      } else if ('branches' in step) {
        const operation = decisionOperation(step.operation);
        if (!operation) throw new FlowFormatError(`Unknown decision operation ${step.operation}.`);
        if (step.branches.length === 0) throw new FlowFormatError('A condition needs at least one branch.');
        const gateway = addNode(
          {
            id: step.id,
            type: 'bpmn:ExclusiveGateway',
            name: step.name ?? step.condition ?? operation.name,
            category: null,
            customData: perLanguage(() => ({ condition: step.condition ?? '', operation: step.operation })),
            column,
            row,
          },
          exits,
        );
        const branchExits: Exit[] = [];
        let nextColumn = column + 1;
        let offset = 0;
        for (const branch of step.branches) {
          const entry = branchExit(gateway, step, branch);
          if (!branch.steps || branch.steps.length === 0) {
            // Below the first branch a straight line would cross the others' blocks.
            if (offset > 0 && entry.branch) entry.branch.viaRow = row + offset;
            branchExits.push(entry);
            offset += 1;
            continue;
          }
          const placed = placeSequence(branch.steps, [entry], column + 1, row + offset);
          branchExits.push(...placed.exits);
          nextColumn = Math.max(nextColumn, placed.nextColumn);
          offset += placed.rows;
        }
        exits = branchExits;
        column = nextColumn;
        rows = Math.max(rows, offset);
      } else {
        const id = addNode({ ...dataStep(step), id: step.id, column, row }, exits);
        exits = [{ source: id }];
        column += 1;
        if ('function' in step && step.failed) {
          const data = { 'fc-output-default': step.type ? [step.type] : [] };
          if (!taskExitsOf('custom', data).includes(FUNCTION_FAILED_EXIT)) {
            throw new FlowFormatError(
              `Function ${step.function} has no Call failed exit: give its type, one whose call can fail (rest, sql, code).`,
            );
          }
          // The Call failed exit runs below the block, like a condition's second branch.
          const entry: Exit = {
            source: id,
            branch: {
              name: FUNCTION_FAILED_EXIT.label,
              customData: perLanguage(() => ({ exit: FUNCTION_FAILED_EXIT.id })),
              isDefault: false,
            },
          };
          if (step.failed.length === 0) {
            if (entry.branch) entry.branch.viaRow = row + 1;
            exits.push(entry);
            rows = Math.max(rows, 2);
          } else {
            const placed = placeSequence(step.failed, [entry], column, row + 1);
            exits.push(...placed.exits);
            rows = Math.max(rows, 1 + placed.rows);
            // Both ways meet at the next step, after the failed branch's blocks.
            column = Math.max(column, placed.nextColumn);
          }
        }
      }
    }
    return { exits, nextColumn: column, rows };
  };

  const start = addNode(
    { type: 'bpmn:StartEvent', name: '', category: null, customData: null, column: 0, row: 0 },
    [],
  );
  const placed = placeSequence(steps, [{ source: start }], 1, 0);
  if (placed.exits.length > 0) {
    addNode({ ...endNode({ end: 'endFlow' }), column: placed.nextColumn, row: 0 }, placed.exits);
  }
  return { nodes, connectors };
}
