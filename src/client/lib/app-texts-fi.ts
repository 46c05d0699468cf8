import common from '../locales/fi/common.json';
import counters from '../locales/fi/counters.json';
import map from '../locales/fi/map.json';
import requests from '../locales/fi/requests.json';
import type { AppTexts } from './app-texts';

/** The texts every page uses, in Finnish: a chunk of their own, loaded by app-texts.ts. */
export default { common, counters, map, requests } satisfies AppTexts;
