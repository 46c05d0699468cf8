/** Placeholder until the bodies repository lands (issue 26): every call fails plainly. */
import type { BodyRepository } from '../repositories/bodies';
import type { Engine } from './engine';

export function createBodyRepository(_engine: Engine): BodyRepository {
  const missing = () => Promise.reject(new Error('bodies are not stored yet (issue 26, in progress)'));
  return { list: missing, find: missing, findByJurisdiction: missing, at: missing, importAll: missing, addServices: missing, remove: missing, count: () => Promise.resolve(0), changeToken: () => Promise.resolve('0') };
}
