import { fileURLToPath } from 'node:url';

/** The repository root, wherever the tests are started from. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
