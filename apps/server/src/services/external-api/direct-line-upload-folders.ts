import { botBlobPrefix } from '../../blobs/blob-store';

/**
 * Where a Direct Line conversation's uploads are kept. A leaf of its own: GDPR removal (a turn
 * step) names the folder without importing the upload service, which imports the turn.
 */
export const directLineUploadsPrefix = (tenantId: string, botId: string, conversationId: string) =>
  `${botBlobPrefix(tenantId, botId)}direct-line-uploads/${conversationId}/`;
