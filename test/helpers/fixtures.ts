import { fileURLToPath } from 'node:url';

/** Recorded answers of Helsinki's service, kept in the repository (see its README). */
export const helsinkiFixtures = fileURLToPath(new URL('../fixtures/helsinki/', import.meta.url));
