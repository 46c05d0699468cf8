import common from '../locales/sv/common.json';
import counters from '../locales/sv/counters.json';
import map from '../locales/sv/map.json';
import requests from '../locales/sv/requests.json';
import type { AppTexts } from './app-texts';

/** The texts every page uses, in Swedish: a chunk of their own, loaded by app-texts.ts. */
export default { common, counters, map, requests } satisfies AppTexts;
