import common from '../locales/fi/common.json';
import counters from '../locales/fi/counters.json';
import map from '../locales/fi/map.json';
import requests from '../locales/fi/requests.json';

/**
 * The texts every page uses, in Finnish: a chunk of their own, loaded by app-texts.ts, whose
 * loader type checks the shape (this file imports nothing back, so the two form no circle).
 */
export default { common, counters, map, requests };
