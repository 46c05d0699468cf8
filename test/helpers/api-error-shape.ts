import { expect } from 'vitest';
import { xmlToJsonShape } from './xml';

/** An HTTP answer as a test read it whole. */
export interface ReadAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The error shapes of Kerro's APIs (src/server/api-errors/framework-errors.ts), and the app's pages. */
export type ApiShape = 'georeport-json' | 'georeport-xml' | 'counters' | 'geocoding' | 'moderation' | 'page';

const header = (answer: ReadAnswer, name: string) => String(answer.headers[name] ?? '');

/**
 * Asserts that `answer` is an error in the shape of `shape`'s API (never a load balancer's own
 * HTML page), and returns its message so a test can check what it says.
 */
export function expectApiError(answer: ReadAnswer, shape: ApiShape): string {
  const what = `${shape} answer ${answer.status} ${header(answer, 'content-type')}: ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  switch (shape) {
    case 'georeport-json':
    case 'georeport-xml': {
      expect(header(answer, 'content-type'), what).toMatch(shape === 'georeport-xml' ? /^text\/xml/ : /^application\/json/);
      const errors = shape === 'georeport-xml' ? xmlToJsonShape(answer.text) : JSON.parse(answer.text);
      expect(errors, what).toEqual([{ code: expect.anything(), description: expect.any(String) }]);
      const [first] = errors as { code: number | string; description: string }[];
      expect(Number(first!.code), what).toBe(answer.status);
      return first!.description;
    }
    case 'counters': {
      expect(header(answer, 'content-type'), what).toMatch(/^application\/json/);
      const body = JSON.parse(answer.text) as { detail: string };
      expect(Object.keys(body), what).toEqual(['detail']);
      return body.detail;
    }
    case 'geocoding': {
      expect(header(answer, 'content-type'), what).toMatch(/^application\/json/);
      const body = JSON.parse(answer.text) as { type: string; features: unknown[]; geocoding: { errors: string[] } };
      expect(body, what).toMatchObject({ type: 'FeatureCollection', features: [], geocoding: { errors: [expect.any(String)] } });
      return body.geocoding.errors[0]!;
    }
    case 'moderation': {
      expect(header(answer, 'content-type'), what).toMatch(/^application\/json/);
      const body = JSON.parse(answer.text) as { error: { code: string; message: string } };
      expect(body, what).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      return body.error.message;
    }
    case 'page':
      expect(header(answer, 'content-type'), what).toMatch(/^text\/html/);
      expect(answer.text, what).not.toMatch(/<center>nginx/);
      return answer.text;
  }
}
