import common from '../locales/sv/common.json';
import counters from '../locales/sv/counters.json';
import map from '../locales/sv/map.json';
import requests from '../locales/sv/requests.json';

/**
 * The texts every page uses, in Swedish: a chunk of their own, loaded by app-texts.ts, whose
 * loader type checks the shape (this file imports nothing back, so the two form no circle).
 */
export default { common, counters, map, requests };
