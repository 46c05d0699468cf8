import common from '../locales/en/common.json';
import counters from '../locales/en/counters.json';
import map from '../locales/en/map.json';
import requests from '../locales/en/requests.json';

/**
 * The texts every page uses, in English: a chunk of their own, loaded by app-texts.ts, whose
 * loader type checks the shape (this file imports nothing back, so the two form no circle).
 */
export default { common, counters, map, requests };
