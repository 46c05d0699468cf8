/** Named settings (settings.ts). */

export interface SettingsTable {
  name: string;
  value: string;
}

export interface SettingTables {
  settings: SettingsTable;
}
