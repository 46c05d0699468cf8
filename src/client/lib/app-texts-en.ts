import common from '../locales/en/common.json';
import counters from '../locales/en/counters.json';
import map from '../locales/en/map.json';
import requests from '../locales/en/requests.json';
import type { AppTexts } from './app-texts';

/** The texts every page uses, in English: a chunk of their own, loaded by app-texts.ts. */
export default { common, counters, map, requests } satisfies AppTexts;
