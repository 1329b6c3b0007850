import {
  type CustomEntityType,
  ENTITY_FILE_FIELD,
  type EntityFileEntry,
  type EntityView,
  entityFileName,
  type Sublist,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botApiPath } from '../../bots';

/** The entity calls of spec 02 section 7 'Entities'. */
const entities = (botName: string) => `${botApiPath(botName)}/entities`;
const entityPath = (botName: string, name: string) => `${entities(botName)}/${encodeURIComponent(name)}`;

export interface EntityContentRequest {
  roles?: Array<{ name: string }>;
  sublists?: Sublist[];
  resolveWithCanonical?: boolean;
  examples?: string[];
  regexes?: string[];
}

export interface CreateEntityRequest extends EntityContentRequest {
  name: string;
  description: string;
  type: CustomEntityType;
}

export const fetchEntities = (botName: string, signal?: AbortSignal) =>
  api.get<EntityView[]>(entities(botName), signal);

export const createEntity = (botName: string, body: CreateEntityRequest) =>
  api.post<EntityView>(entities(botName), body);

/** PUT: the fields sent replace the stored ones. */
export const updateEntity = (botName: string, name: string, content: EntityContentRequest) =>
  api.put<EntityView>(entities(botName), { name, ...content });

export const renameEntity = (botName: string, name: string, newName: string) =>
  api.put<EntityView>(`${entities(botName)}/change-name`, { name, newName });

export const updateEntityDescription = (botName: string, name: string, description: string) =>
  api.post<EntityView>(`${entities(botName)}/update-description`, { name, description });

export const deleteEntity = (botName: string, name: string) => api.delete(entityPath(botName, name));

export const exportEntity = (botName: string, name: string) =>
  downloadFile(`${entityPath(botName, name)}/export`, entityFileName(botName, name));

export const stageEntityImport = (file: File) =>
  uploadFile<EntityFileEntry>('/api/entities/import/staging', ENTITY_FILE_FIELD, file);

export const importEntity = (botName: string, name: string, file: File) =>
  uploadFile<EntityView>(`${entityPath(botName, name)}/import`, ENTITY_FILE_FIELD, file);
