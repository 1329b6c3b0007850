import { describe, expect, it } from 'vitest';
import { connectorLabel, DECISION_OPERATIONS } from './decision-operations';
import type { BlockData } from './flow-document';

describe('connectorLabel (spec 03 section 4.4)', () => {
  const labels: [number, BlockData, string][] = [
    [1, { equalsCmpType: 'var', equalsValueVar: 'Other' }, 'Match Var'],
    [1, { equalsCmpType: 'raw', equalsValueRaw: 'yes' }, 'Match'],
    [2, { checkExistance: 'yes' }, 'EXISTS'],
    [2, { checkExistance: 'no' }, 'DOES NOT EXIST'],
    [3, { mathOperation: 1, mathNumber1: 2 }, '< 2'],
    [3, { mathOperation: 2, mathNumber1: 3 }, '> 3'],
    [3, { mathOperation: 3, mathNumber1: 1, mathNumber2: 3 }, '1 - 3'],
    [4, { 'equals-set': [{ type: 'raw', value: 'a' }] }, 'IN SET'],
    [5, { contains: 'refund' }, 'Contains'],
    [6, { isOfType: 'number' }, 'Is of type'],
    [8, { isCanonicalEntity: 'city', isCanonical: 'Berlin' }, 'Is canonical'],
    [9, { similarsSet: [{ type: 'raw', value: 'yes', similarity: 70 }] }, 'IS SIMILAR'],
    [10, { channelId: 'web', channelName: 'Web' }, 'Channel'],
    [11, { exists: true }, 'User exists'],
    [11, { exists: false }, 'User is new'],
    [11, { exists: null }, 'User is not present'],
    [12, { regex: '^\\d+$' }, '^\\d+$'],
    [12, { regex: '^[0-9]{5}$' }, '^[0- ...'],
    [2, { isDefault: true }, 'DEFAULT'],
    [3, { isDefault: false }, 'Not Defined'],
    [11, {}, 'Not Defined'],
    [99, { contains: 'x' }, 'Not Defined'],
  ];
  it.each(labels)('operation %i with %j reads %s', (operation, data, label) => {
    expect(connectorLabel(operation, data)).toBe(label);
  });

  it('declares operations 1 to 12 once each', () => {
    expect(DECISION_OPERATIONS.map((operation) => operation.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });
});
