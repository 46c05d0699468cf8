/**
 * Likely duplicates of a report, for the moderator's queue: another report that is pending or
 * published, of the same service type, within 50 m (the store's radius search), made within 30
 * days before or after it, whose text is similar. A hint for a person, who decides; never acted on
 * by itself.
 */
import type { LikelyDuplicate } from '../../shared/moderation/wire';
import { distanceMeters } from '../storage/geo';
import type { ServiceRequestRecord, ServiceRequestRepository } from '../storage/repositories/types';

export const duplicateRadiusMeters = 50;
export const duplicateWindowDays = 30;
/**
 * Share of character trigrams two texts have in common (Jaccard: shared / all distinct) at or
 * above which they count as similar. Trigrams rather than words, as Finnish inflects: "kuoppa
 * pyörätiellä" and "pyörätiellä on syvä kuoppa" share 62 %, a lamp and a bench on the same
 * corner under 15 %.
 */
export const similarTextThreshold = 0.4;
/** Candidates read per report; a spot with more same-type reports in a month is one problem anyway. */
const candidatesRead = 20;
const dayMs = 86_400_000;

/** The texts' words, lower-cased, as sets of their trigrams (each word padded with a space at both ends). */
function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  const words = text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  for (const word of words) {
    if (word === '') continue;
    const padded = ` ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.add(padded.slice(at, at + 3));
  }
  return trigrams;
}

/** Jaccard similarity of the two texts' trigram sets, 0 (nothing shared) to 1 (the same words). */
export function textSimilarity(a: string, b: string): number {
  const first = trigramsOf(a);
  const second = trigramsOf(b);
  let shared = 0;
  for (const trigram of first) if (second.has(trigram)) shared++;
  const all = first.size + second.size - shared;
  return all === 0 ? 0 : shared / all;
}

const summaryOf = (record: ServiceRequestRecord) => {
  const text = (record.title?.trim() || record.description).replace(/\s+/g, ' ').trim();
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
};

const textOf = (record: ServiceRequestRecord) => `${record.title ?? ''} ${record.description}`;

/** The likely duplicates of `record`, most similar first; with `bodyIds`, only those of the moderator's bodies. */
export async function likelyDuplicatesOf(
  serviceRequests: ServiceRequestRepository,
  record: ServiceRequestRecord,
  bodyIds?: string[],
): Promise<LikelyDuplicate[]> {
  if (record.lat === null || record.long === null || record.duplicate_of) return [];
  const { lat, long } = record;
  const nearby = await serviceRequests.query({
    near: { lat, long, radiusMeters: duplicateRadiusMeters },
    serviceCodes: [record.service_code],
    moderation: ['pending', 'published'],
    requestedFrom: record.requested_at - duplicateWindowDays * dayMs,
    requestedTo: record.requested_at + duplicateWindowDays * dayMs,
    limit: candidatesRead,
    bodyIds,
  });
  const text = textOf(record);
  return nearby
    .filter((other) => other.service_request_id !== record.service_request_id)
    .map((other) => ({ other, similarity: textSimilarity(text, textOf(other)) }))
    .filter(({ similarity }) => similarity >= similarTextThreshold)
    .sort((a, b) => b.similarity - a.similarity || a.other.requested_at - b.other.requested_at)
    .map(({ other, similarity }) => ({
      service_request_id: other.service_request_id,
      moderation: other.moderation,
      summary: summaryOf(other),
      distance_meters: Math.round(distanceMeters(lat, long, other.lat!, other.long!)),
      similarity: Math.round(similarity * 100) / 100,
      earlier: other.requested_at < record.requested_at || (other.requested_at === record.requested_at && other.service_request_id < record.service_request_id),
    }));
}
