import { type EntityView, entitySupportedBy, ENTITY_MESSAGES as M } from '@parley/contracts';
import { EngineMark } from '../../bots';

/** The 'Supported by' strip: the engines that can publish this entity, from the contracts' declarations. */
export function SupportedBy({ entity }: { entity: EntityView }) {
  const engines = entitySupportedBy(entity);
  return (
    <section className="supported-by" aria-label={M.supportedBy}>
      <span className="supported-by__label">{M.supportedBy}</span>
      <ul className="supported-by__engines">
        {engines.map((id) => (
          <li key={id}>
            <EngineMark engineId={id} size={24} />
          </li>
        ))}
      </ul>
    </section>
  );
}
