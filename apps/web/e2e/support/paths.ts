import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const REPO_ROOT = path.resolve(here, '../../../..');
export const WEB_DIST_DIR = path.resolve(here, '../../dist');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');
