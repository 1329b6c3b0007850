import {
  type FunctionUsages,
  type FunctionView,
  isUsedAnywhere,
  FUNCTION_MESSAGES as M,
} from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, Modal, Spinner } from '../../../../ui';
import { BOT_KEYS } from '../../../bots';
import { fetchFunctionUsages, fetchGlobalFunctionUsages } from '../../api/functions-api';

interface UsageModalProps {
  botName: string;
  fn: FunctionView;
  onClose: () => void;
}

/** Where a function is used: intent, flow version and count; a global one per bot of the account. */
export function UsageModal({ botName, fn, onClose }: UsageModalProps) {
  const usage = useQuery({
    queryKey: [...BOT_KEYS.all, 'function-usages', fn.isGlobal ? '' : botName.toLowerCase(), fn.name],
    queryFn: async () =>
      fn.isGlobal
        ? Object.entries(await fetchGlobalFunctionUsages(fn.name))
        : [[botName, await fetchFunctionUsages(botName, fn.name)] as [string, FunctionUsages]],
    staleTime: 0,
  });
  const rows = (usage.data ?? []).flatMap(([bot, usages]) =>
    isUsedAnywhere(usages)
      ? Object.values(usages).flatMap((intents) =>
          Object.entries(intents).flatMap(([intent, versions]) =>
            Object.entries(versions).map(([version, count]) => ({ bot, intent, version, count })),
          ),
        )
      : [],
  );
  return (
    <Modal
      title="Function usage"
      description={fn.name}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {usage.isPending ? (
        <Spinner label="Loading the usage" />
      ) : usage.isError ? (
        <EmptyState title="The usage could not be loaded" />
      ) : rows.length === 0 ? (
        <EmptyState title={M.notUsed} />
      ) : (
        <table className="function-output__table">
          <thead>
            <tr>
              {fn.isGlobal && <th scope="col">Bot</th>}
              <th scope="col">Intent</th>
              <th scope="col">Version</th>
              <th scope="col">Uses</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.bot}|${row.intent}|${row.version}`}>
                {fn.isGlobal && <td>{row.bot}</td>}
                <td>{row.intent}</td>
                <td>{row.version}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
