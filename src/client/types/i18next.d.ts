import type common from '../locales/en/common.json';
import type report from '../locales/en/report.json';
import type requests from '../locales/en/requests.json';
import type map from '../locales/en/map.json';
import type counters from '../locales/en/counters.json';
import type moderation from '../locales/en/moderation.json';
import type leaflet from '../locales/en/leaflet.json';
import type mapPick from '../locales/en/map-pick.json';
import type addressSearch from '../locales/en/address-search.json';
import type updates from '../locales/en/updates.json';
import type abuse from '../locales/en/abuse.json';
import type traffic from '../locales/en/traffic.json';
import type countersTable from '../locales/en/counters-table.json';
import type outbox from '../locales/en/outbox.json';
import type alerts from '../locales/en/alerts.json';
import type nearby from '../locales/en/nearby.json';
import type residentUpdates from '../locales/en/resident-updates.json';
import type share from '../locales/en/share.json';
import type account from '../locales/en/account.json';

// English is the reference: t('…') keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      report: typeof report;
      requests: typeof requests;
      map: typeof map;
      counters: typeof counters;
      moderation: typeof moderation;
      leaflet: typeof leaflet;
      'map-pick': typeof mapPick;
      'address-search': typeof addressSearch;
      updates: typeof updates;
      abuse: typeof abuse;
      traffic: typeof traffic;
      'counters-table': typeof countersTable;
      outbox: typeof outbox;
      alerts: typeof alerts;
      nearby: typeof nearby;
      'resident-updates': typeof residentUpdates;
      share: typeof share;
      account: typeof account;
    };
  }
}
