import { stat, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { HealthCheck } from '../storage/repositories/types';

/** A directory that must keep room for writes, and how many bytes one write of the largest kind needs. */
export interface RoomNeeded {
  directory: string;
  bytes: number;
}

export interface DiskRoom {
  check: HealthCheck;
  /** For the operator's log: each filesystem short of room, by one of its directories. */
  short: { directory: string; freeBytes: number; neededBytes: number }[];
}

/**
 * Whether every filesystem has room for the writes asked of it: directories on one filesystem
 * (the same device) add their needs up, as an upload is spooled and then stored as a photo.
 * A directory not made yet is measured at its nearest existing parent.
 */
export async function checkDiskRoom(needs: readonly RoomNeeded[]): Promise<DiskRoom> {
  const byDevice = new Map<number, { directory: string; freeBytes: number; neededBytes: number }>();
  try {
    for (const need of needs) {
      const existing = await nearestExisting(resolve(need.directory));
      const device = (await stat(existing)).dev;
      const entry = byDevice.get(device);
      if (entry) {
        entry.neededBytes += need.bytes;
        continue;
      }
      const space = await statfs(existing);
      byDevice.set(device, { directory: need.directory, freeBytes: space.bavail * space.bsize, neededBytes: need.bytes });
    }
  } catch {
    return { check: 'failed', short: [] }; // cannot even look: writes there will not work either
  }
  const short = [...byDevice.values()].filter((entry) => entry.freeBytes < entry.neededBytes);
  return { check: short.length === 0 ? 'ok' : 'failed', short };
}

async function nearestExisting(directory: string): Promise<string> {
  for (let current = directory; ; current = dirname(current)) {
    try {
      await stat(current);
      return current;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(current) === current) throw error;
    }
  }
}
